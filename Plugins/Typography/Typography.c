/*
 * Typography — a plugin in plain C, written against TWPluginAPI.h alone.
 *
 *   kern-[points]   textValue, points: Text.kerning(points)
 *   resize          image:             Image.resizable()
 *   trim-[number]   shapeValue, number, default 1: shape.trim(from: 0, to: n)
 *
 * Copy this file to start a C plugin: one exported function, static data.
 */
#include "Typography.h"

static void kern_factory(tw_builder *b, void *context, bool active, double points) {
    (void)context;
    (void)active; /* the host passes the default (0, neutral) when inactive */
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "kerning");
    b->api->number(b, NULL, points);
    b->api->end(b);
}

static void resize_factory(tw_builder *b, void *context, bool active) {
    (void)context;
    /* Image registrations run only when selected; active is always true. */
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "resizable");
    b->api->end(b);
}

static void trim_factory(tw_builder *b, void *context, bool active, double end) {
    (void)context;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "trim");
    b->api->number(b, "from", 0);
    b->api->number(b, "to", end);
    b->api->end(b);
}

static const tw_modifier_registration modifiers[] = {
    {
        .struct_size = sizeof(tw_modifier_registration),
        .form = TW_FORM_TEXT_VALUE,
        .arg_type = TW_ARG_POINTS,
        .name = "kern",
        .default_argument = "0",
        .factory = (tw_factory_fn)kern_factory,
    },
    {
        .struct_size = sizeof(tw_modifier_registration),
        .form = TW_FORM_IMAGE,
        .arg_type = TW_ARG_NONE,
        .name = "resize",
        .factory = (tw_factory_fn)resize_factory,
    },
    {
        .struct_size = sizeof(tw_modifier_registration),
        .form = TW_FORM_SHAPE_VALUE,
        .arg_type = TW_ARG_NUMBER,
        .name = "trim",
        .default_argument = "1",
        .factory = (tw_factory_fn)trim_factory,
    },
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = "typography",
    .version = "1.0.0",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
};

TW_PLUGIN_ENTRY(descriptor, "typography")
