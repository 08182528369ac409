/*
 * Plugins that misuse the ABI, for the hardening tests:
 *   KEEP_BUILDER  keeps the builder and calls it from its parser, after the factory returned
 *   HUGE_IR       describes 100,000 modifiers
 *   DEEP_IR       nests content 100 levels deep
 *   UNTERMINATED  a name with no NUL within the name limit
 *   ENTRY_TWICE   returns NULL if its entry is ever called a second time
 */
#include <string.h>

#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "hostile2"
#endif

static tw_builder *kept;

static void factory(tw_builder *b, void *c, bool active, double v) {
    (void)c;
    (void)active;
#ifdef KEEP_BUILDER
    kept = b;
#endif
#ifdef HUGE_IR
    for (int i = 0; i < 100000; i++) {
        b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
        b->api->number(b, NULL, v);
        b->api->end(b);
    }
    return;
#endif
#ifdef DEEP_IR
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "background");
    for (int i = 0; i < 100; i++) {
        b->api->begin(b, TW_NODE_CONTENT, NULL, NULL);
        b->api->begin(b, TW_NODE_VIEW, NULL, "Color");
        b->api->begin(b, TW_NODE_CALL, "x", "y");
    }
    return;
#endif
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, v);
    b->api->end(b);
}

static void parse(void *c, const char *argument, const tw_theme *theme, tw_parse_result *r) {
    (void)c;
    (void)theme;
    if (kept) {
        /* The factory has returned: this handle is closed. */
        kept->api->begin(kept, TW_NODE_MODIFIER, NULL, "injected");
        kept->api->end(kept);
    }
    r->api->number(r, (double)strlen(argument));
}

#ifdef UNTERMINATED
static char long_name[200];
#define NAME_VALUE long_name
#else
#define NAME_VALUE "fade"
#endif

static tw_modifier_registration modifiers[] = {
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_NUMBER, .name = NAME_VALUE,
     .default_argument = "1", .factory = (tw_factory_fn)factory},
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_ARGUMENT, .arg_type = TW_ARG_NUMBER,
     .name = "count", .default_argument = "x", .factory = (tw_factory_fn)factory, .parse = parse},
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
#ifdef UNTERMINATED
    memset(long_name, 'a', sizeof long_name); /* no NUL anywhere */
#endif
#ifdef ENTRY_TWICE
    static int calls;
    if (calls++ > 0) {
        *error = "entry called twice";
        return NULL;
    }
#else
    (void)error;
#endif
    return &descriptor;
}
