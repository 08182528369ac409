/*
 * Two versions of one small plugin, for `twhost diff` tests. The base build
 * has alpha (view, order 0), beta (value number, order 5, default 1) and
 * gamma (value angle, order 10). Each macro makes one head version:
 *   REORDER     beta's order 20: it moves after gamma (slot-reordered)
 *   SAME_ORDER  beta's order 6: a new number, the same merged order (order-changed)
 *   PHASE       gamma in the content phase (phase-changed)
 *   STRUCTURE   alpha returns an overlay instead of a background (structure-changed)
 *   DEFAULT     beta's default 2 (default-changed)
 *   TEXT_ONLY   adds delta, a text registration (registration-added)
 *   REMOVE      drops gamma (slot-removed, registration-removed)
 */
#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "versioned"
#endif

static void alpha(tw_builder *b, void *c, bool active) {
    (void)c;
#ifdef STRUCTURE
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "overlay");
#else
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "background");
#endif
    b->api->begin(b, TW_NODE_CONTENT, NULL, NULL);
    b->api->begin(b, TW_NODE_VIEW, NULL, "Rectangle");
    b->api->end(b);
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, active ? 1 : 0);
    b->api->end(b);
    b->api->end(b);
    b->api->end(b);
}

static void beta(tw_builder *b, void *c, bool active, double v) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "scaleEffect");
    b->api->number(b, NULL, v);
    b->api->end(b);
}

static void gamma(tw_builder *b, void *c, bool active, double degrees) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "rotationEffect");
    b->api->begin(b, TW_NODE_CALL, NULL, "degrees");
    b->api->number(b, NULL, degrees);
    b->api->end(b);
    b->api->end(b);
}

static void delta(tw_builder *b, void *c, bool active) {
    (void)c;
    (void)active;
#ifdef TEXT_STRUCTURE
    /* another Text -> Text method: a text transform's structure is not in any identity */
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "italic");
#else
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "bold");
#endif
    b->api->end(b);
}

#ifdef REORDER
#define BETA_ORDER 20
#elif defined(SAME_ORDER)
#define BETA_ORDER 6
#else
#define BETA_ORDER 5
#endif

#ifdef DEFAULT
#define BETA_DEFAULT "2"
#else
#define BETA_DEFAULT "1"
#endif

#ifdef PHASE
#define GAMMA_PHASE TW_PHASE_CONTENT
#else
#define GAMMA_PHASE TW_PHASE_EFFECTS
#endif

static const tw_modifier_registration modifiers[] = {
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VIEW, .name = "alpha",
     .factory = (tw_factory_fn)alpha},
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_NUMBER,
     .order = BETA_ORDER, .name = "beta", .default_argument = BETA_DEFAULT, .factory = (tw_factory_fn)beta},
#ifndef REMOVE
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_ANGLE, .order = 10,
     .phase = GAMMA_PHASE, .name = "gamma", .default_argument = "0", .factory = (tw_factory_fn)gamma},
#endif
#if defined(TEXT_ONLY) || defined(TEXT_STRUCTURE)
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_TEXT, .name = "delta",
     .factory = (tw_factory_fn)delta},
#endif
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = PLUGIN_NAME,
    .version = "1.0.0",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
};

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t major, uint32_t minor, const tw_host_api *host,
                                                             const char **error) {
    (void)major;
    (void)minor;
    (void)host;
    (void)error;
    (void)delta;
    return &descriptor;
}
