/*
 * A plain C plugin whose registrations SwiftUI would draw or compile wrongly,
 * for the checks that catch them:
 *   lift       (value, points) an inactive shadow at radius 0 and no offset in a
 *              visible color: a hard copy of the view's silhouette, not neutral.
 *              With CLEAR_SHADOW the inactive color is clear: neutral.
 *   presets    animate-<name>, each filling tw_animation from its macro:
 *     fling    PRESET_CURVE/PRESET_BOUNCE (default: ease-out with bounce 0.2,
 *              which .easeOut(duration:) does not take)
 *     glide    a spring with a negative bounce: "not set" (TWPluginAPI.h)
 */
#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "rendering"
#endif
#ifndef PRESET_CURVE
#define PRESET_CURVE TW_CURVE_EASE_OUT
#endif
#ifndef PRESET_BOUNCE
#define PRESET_BOUNCE 0.2
#endif
#ifndef PRESET_RESPONSE
#define PRESET_RESPONSE -1
#endif

static void lift(tw_builder *b, void *c, bool active, double points) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "shadow");
#ifdef CLEAR_SHADOW
    tw_color color = {0, 0, 0, points > 0 ? 0.2 : 0};
#else
    tw_color color = {0, 0, 0, 0.2};
#endif
    b->api->color(b, "color", color);
    b->api->number(b, "radius", points);
    b->api->number(b, "x", 0);
    b->api->number(b, "y", points / 2);
    b->api->end(b);
}

static void fling(void *c, double seconds, tw_animation *out) {
    (void)c;
    out->curve = PRESET_CURVE;
    out->duration = seconds >= 0 ? seconds : 0.5;
    out->response = PRESET_RESPONSE;
    out->damping_fraction = -1;
    out->bounce = PRESET_BOUNCE;
    out->delay = 0;
}

static void glide(void *c, double seconds, tw_animation *out) {
    (void)c;
    out->curve = TW_CURVE_SPRING;
    out->duration = seconds >= 0 ? seconds : 0.4;
    out->response = -1;
    out->damping_fraction = -1;
    out->bounce = -1; /* not set */
    out->delay = 0;
}

static const tw_modifier_registration modifiers[] = {
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_POINTS, .name = "lift",
     .default_argument = "0", .factory = (tw_factory_fn)lift},
};

static const tw_animation_preset presets[] = {
    {.struct_size = sizeof(tw_animation_preset), .name = "fling", .make = fling},
    {.struct_size = sizeof(tw_animation_preset), .name = "glide", .make = glide},
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = PLUGIN_NAME,
    .version = "0.1.0",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
    .animations = presets,
    .animation_count = sizeof(presets) / sizeof(presets[0]),
};

TW_PLUGIN_ENTRY(descriptor, "rendering")
