/*
 * Two versions of one small plugin, for `twhost diff` tests. The base build
 * has alpha (view, order 0), beta (value number, order 5, default 1) and
 * gamma (value angle, order 10, default 0). Each macro makes one head version:
 *   REORDER     beta's order 20: it moves after gamma (slot-reordered)
 *   SAME_ORDER  beta's order 6: a new number, the same merged order (order-changed)
 *   PHASE       gamma in the content phase (phase-changed)
 *   STRUCTURE   alpha returns an overlay instead of a background (structure-changed)
 *   INACTIVE_STRUCTURE  alpha's inactive modifier hides the rectangle instead of
 *               fading it (structure-changed on inactive only, unstable-structure)
 *   DEFAULT     beta's default 2 (default-changed)
 *   DEFAULT_SPELLING  gamma's default "0deg": the same inactive modifier (nothing)
 *   TEXT_ONLY   adds delta, a text registration (registration-added)
 *   REMOVE      drops gamma (slot-removed, registration-removed)
 *   RENAME      gamma is called omega (slot-removed, registration-removed, slot-added)
 *   MOVE        gamma is registered by the partner plugin instead (registration-moved)
 *   BROKEN      beta's factory leaves a node open (probe-failed)
 *   VERSION     the descriptor's version (default "1.0.0")
 * PARTNER builds the partner plugin instead: zeta (text) and, with MOVE, gamma.
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
#ifdef INACTIVE_STRUCTURE
    /* SwiftUI's View.hidden() (iOS 13, macOS 10.15): a real modifier, but
       another structure than .opacity(_:), so the chain changes. */
    if (!active) {
        b->api->begin(b, TW_NODE_MODIFIER, NULL, "hidden");
        b->api->end(b);
        b->api->end(b);
        b->api->end(b);
        return;
    }
#endif
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
#ifndef BROKEN
    b->api->end(b);
#endif
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

#ifdef DEFAULT_SPELLING
#define GAMMA_DEFAULT "0deg"
#else
#define GAMMA_DEFAULT "0"
#endif

#ifdef RENAME
#define GAMMA_NAME "omega"
#else
#define GAMMA_NAME "gamma"
#endif

#ifndef VERSION
#define VERSION "1.0.0"
#endif

#define GAMMA_REGISTRATION                                                                                          \
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_ANGLE, .order = 10, \
     .phase = GAMMA_PHASE, .name = GAMMA_NAME, .default_argument = GAMMA_DEFAULT, .factory = (tw_factory_fn)gamma}

static const tw_modifier_registration modifiers[] = {
#ifdef PARTNER
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_TEXT, .name = "zeta",
     .factory = (tw_factory_fn)delta},
#ifdef MOVE
    GAMMA_REGISTRATION,
#endif
#else
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VIEW, .name = "alpha",
     .factory = (tw_factory_fn)alpha},
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_NUMBER,
     .order = BETA_ORDER, .name = "beta", .default_argument = BETA_DEFAULT, .factory = (tw_factory_fn)beta},
#if !defined(REMOVE) && !defined(MOVE)
    GAMMA_REGISTRATION,
#endif
#if defined(TEXT_ONLY) || defined(TEXT_STRUCTURE)
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_TEXT, .name = "delta",
     .factory = (tw_factory_fn)delta},
#endif
#endif
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = PLUGIN_NAME,
    .version = VERSION,
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
};

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t major, uint32_t minor, const tw_host_api *host,
                                                             const char **error) {
    (void)major;
    (void)minor;
    (void)host;
    (void)error;
    /* Each build registers only some of the factories. */
    (void)alpha;
    (void)beta;
    (void)gamma;
    (void)delta;
    return &descriptor;
}
