/*
 * A C twhost plugin, ready to copy: one exported function, static data.
 *   dim-[n]  value, number, default 1: .opacity(n)
 */
#include "TWPluginAPI.h"

static void dim(tw_builder *b, void *context, bool active, double amount) {
    (void)context;
    (void)active; /* inactive calls pass the default, 1: neutral */
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, amount);
    b->api->end(b);
}

static const tw_modifier_registration modifiers[] = {
    {
        .struct_size = sizeof(tw_modifier_registration),
        .form = TW_FORM_VALUE,
        .arg_type = TW_ARG_NUMBER,
        .name = "dim",
        .default_argument = "1",
        .factory = (tw_factory_fn)dim,
    },
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = "hello-c",
    .version = "0.1.0",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
};

TW_PLUGIN_ENTRY(descriptor, "hello-c")
