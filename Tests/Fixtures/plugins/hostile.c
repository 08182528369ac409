/*
 * Plugins that misbehave at run time, for `twhost plugins check`:
 *   SEGV_ENTRY     dereferences NULL in tw_plugin_entry
 *   ABORT_FACTORY  calls abort() in a factory
 *   LOOP_PARSER    never returns from a parser
 *   EXIT_FACTORY   calls exit(3) in a factory
 *   NOT_NEUTRAL    an inactive modifier that still shows (opacity 0.5)
 *   NONDETERMINISTIC  a factory that counts its calls
 * Without a macro it is a small, well-behaved plugin.
 */
#include <stdlib.h>

#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "hostile"
#endif

static void fade(tw_builder *b, void *c, bool active, double amount) {
    (void)c;
    (void)active;
#ifdef ABORT_FACTORY
    abort();
#endif
#ifdef EXIT_FACTORY
    exit(3);
#endif
#ifdef NONDETERMINISTIC
    static int calls;
    amount += calls++;
#endif
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
#ifdef NOT_NEUTRAL
    b->api->number(b, NULL, active ? amount : 0.5);
#else
    b->api->number(b, NULL, amount);
#endif
    b->api->end(b);
}

static void parse_level(void *c, const char *argument, const tw_theme *theme, tw_parse_result *r) {
    (void)c;
    (void)theme;
#ifdef LOOP_PARSER
    volatile int forever = 1;
    while (forever) {
    }
#endif
    if (argument[0] == 'h' && argument[1] == 'i' && argument[2] == 0) {
        r->api->number(r, 1);
    } else if (argument[0] == 'l' && argument[1] == 'o' && argument[2] == 0) {
        r->api->number(r, 0.5);
    } else {
        r->api->reject(r, "expected hi or lo");
    }
}

static void level(tw_builder *b, void *c, bool active, double v) {
    (void)c;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, active ? v : 1);
    b->api->end(b);
}

static const tw_modifier_registration modifiers[] = {
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_NUMBER, .name = "fade",
     .default_argument = "1", .factory = (tw_factory_fn)fade},
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_ARGUMENT, .arg_type = TW_ARG_NUMBER,
     .name = "level", .default_argument = "hi", .factory = (tw_factory_fn)level, .parse = parse_level},
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = PLUGIN_NAME,
    .version = "0.1.0",
    .modifiers = modifiers,
    .modifier_count = 2,
};

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t major, uint32_t minor, const tw_host_api *host,
                                                             const char **error) {
    (void)major;
    (void)minor;
    (void)host;
    (void)error;
#ifdef SEGV_ENTRY
    volatile int *nothing = NULL;
    *nothing = 1;
#endif
    return &descriptor;
}

