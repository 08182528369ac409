/*
 * A configurable test plugin in plain C. Built by the tests with clang, once
 * per variant, e.g.
 *   clang -shared -fPIC -I Sources/TWPluginAPI/include -DPLUGIN_NAME='"bad-form"' -DBAD_FORM fixture.c
 * Each factory echoes what it received into the modifier IR so that tests can
 * check every typed argument crossing libffi. Macros make it break one rule
 * each (see the #ifdefs), for the bad-plugin tests.
 */
#include <stddef.h>
#include <string.h>

#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "fixture"
#endif
#ifndef ABI_MAJOR
#define ABI_MAJOR TW_ABI_MAJOR
#endif
#ifndef ABI_MINOR
#define ABI_MINOR TW_ABI_MINOR
#endif

static void echo_begin(tw_builder *b, bool active) {
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "probe");
    b->api->boolean(b, "active", active);
}

static void f_none(tw_builder *b, void *c, bool active) {
    (void)c;
    echo_begin(b, active);
    b->api->end(b);
}
static void f_double(tw_builder *b, void *c, bool active, double v) {
    (void)c;
    echo_begin(b, active);
    b->api->number(b, "value", v);
    b->api->end(b);
}
static void f_bool(tw_builder *b, void *c, bool active, bool v) {
    (void)c;
    echo_begin(b, active);
    b->api->boolean(b, "value", v);
    b->api->end(b);
}
static void f_string(tw_builder *b, void *c, bool active, const char *v) {
    (void)c;
    echo_begin(b, active);
    b->api->string(b, "value", v);
    b->api->end(b);
}
static void f_color(tw_builder *b, void *c, bool active, tw_color v) {
    (void)c;
    echo_begin(b, active);
    b->api->color(b, "value", v);
    b->api->end(b);
}
static void f_vector(tw_builder *b, void *c, bool active, tw_vector3 v) {
    (void)c;
    echo_begin(b, active);
    b->api->begin(b, TW_NODE_TUPLE, "value", NULL);
    b->api->number(b, "x", v.x);
    b->api->number(b, "y", v.y);
    b->api->number(b, "z", v.z);
    b->api->end(b);
    b->api->end(b);
}
static void f_animation(tw_builder *b, void *c, bool active, tw_animation v) {
    (void)c;
    echo_begin(b, active);
    b->api->animation(b, "value", v);
    b->api->number(b, "curve", v.curve);
    b->api->end(b);
}
static void f_payload(tw_builder *b, void *c, bool active, tw_payload v) {
    (void)c;
    echo_begin(b, active);
    b->api->number(b, "tag", (double)v.tag);
    b->api->number(b, "number", v.number);
    b->api->string(b, "text", v.text ? v.text : "");
    b->api->end(b);
}
/* Branches structure on `active`: what R-ID-3 calls unstable. */
static void f_branching(tw_builder *b, void *c, bool active) {
    (void)c;
    if (active) {
        b->api->begin(b, TW_NODE_MODIFIER, NULL, "background");
        b->api->begin(b, TW_NODE_CONTENT, NULL, NULL);
        b->api->begin(b, TW_NODE_VIEW, NULL, "Color");
        b->api->end(b);
        b->api->end(b);
        b->api->end(b);
    }
}
/* Misuses the builder when its class is present: leaves a node open. (Only
 * then, so that the fixture's other registrations can decorate a surface.) */
static void f_unbalanced(tw_builder *b, void *c, bool active) {
    (void)c;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "padding");
    if (!active) {
        b->api->number(b, NULL, 0);
        b->api->end(b);
    }
}

static void parse_payload(void *c, const char *argument, const tw_theme *theme, tw_parse_result *r) {
    (void)c;
    (void)theme;
    if (strcmp(argument, "bad") == 0) {
        r->api->reject(r, "fixture rejects 'bad'");
        return;
    }
    tw_payload p = {42, (double)strlen(argument), argument};
    r->api->payload(r, p);
}

static void utility_expand(void *c, const char *argument, const tw_theme *theme, tw_utility_result *r) {
    (void)c;
    double points = 0;
    if (!theme->api->number(theme, "spacing", argument, &points)) {
        r->api->reject(r, "not a spacing step");
        return;
    }
#ifdef UTILITY_OUTPUT
    r->api->classes(r, UTILITY_OUTPUT);
#else
    r->api->classes(r, "p-4 rounded-lg");
#endif
}

static void preset_make(void *c, double seconds, tw_animation *out) {
    (void)c;
    out->curve = TW_CURVE_SPRING;
    out->duration = seconds >= 0 ? seconds : 0.3;
    out->response = -1;
    out->damping_fraction = -1;
    out->bounce = 0.2;
    out->delay = 0;
}

/* Built with -DTW_ABI_TEST_NEXT_MINOR, every struct carries the next minor's
 * appended field, set to all ones: a host of this minor must ignore it. */
#ifdef TW_ABI_TEST_NEXT_MINOR
#define NEXT_MINOR_FIELD .test_next_minor_field = UINT64_MAX,
#else
#define NEXT_MINOR_FIELD
#endif

#define REG(n, f, t, d, fn)                                                                                    \
    {.struct_size = sizeof(tw_modifier_registration), .form = (f), .arg_type = (t), .name = (n),               \
     .default_argument = (d), .factory = (tw_factory_fn)(fn), NEXT_MINOR_FIELD}

#if defined(FIRST_NAME_VALUE)
#define FIRST_NAME FIRST_NAME_VALUE
#elif defined(REG_NAME_NULL)
#define FIRST_NAME NULL
#elif defined(REG_NAME_EMPTY)
#define FIRST_NAME ""
#elif defined(REG_NAME_UTF8)
#define FIRST_NAME "probe-\xff\xfe"
#elif defined(REG_NAME_INVALID)
#define FIRST_NAME "Probe_None"
#else
#define FIRST_NAME "probe-none"
#endif

#ifdef NULL_FACTORY
#define NONE_FACTORY NULL
#else
#define NONE_FACTORY f_none
#endif

static tw_modifier_registration modifiers[] = {
    REG(FIRST_NAME, TW_FORM_VIEW, TW_ARG_NONE, NULL, NONE_FACTORY),
    REG("probe-number", TW_FORM_VALUE, TW_ARG_NUMBER, "1.5", f_double),
    REG("probe-points", TW_FORM_VALUE, TW_ARG_POINTS, "0", f_double),
    REG("probe-angle", TW_FORM_VALUE, TW_ARG_ANGLE, "0deg", f_double),
    REG("probe-seconds", TW_FORM_VALUE, TW_ARG_SECONDS, "250ms", f_double),
    REG("probe-bool", TW_FORM_VALUE, TW_ARG_BOOL, "false", f_bool),
    REG("probe-string", TW_FORM_VALUE, TW_ARG_STRING, "none", f_string),
    REG("probe-color", TW_FORM_VALUE, TW_ARG_COLOR, "#00000000", f_color),
    REG("probe-vector", TW_FORM_VALUE, TW_ARG_VECTOR, "0,1,0", f_vector),
    REG("probe-animation", TW_FORM_VALUE, TW_ARG_ANIMATION, "default", f_animation),
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_ARGUMENT, .arg_type = TW_ARG_CUSTOM,
     .name = "probe-payload", .default_argument = "none", .factory = (tw_factory_fn)f_payload,
     .parse = parse_payload, .phase = TW_PHASE_CONTENT, .order = 5, .conflict_key = "payload", NEXT_MINOR_FIELD},
    REG("probe-branching", TW_FORM_VIEW, TW_ARG_NONE, NULL, f_branching),
    REG("probe-unbalanced", TW_FORM_VIEW, TW_ARG_NONE, NULL, f_unbalanced),
#ifdef DUP_NAME
    REG("probe-number", TW_FORM_VALUE, TW_ARG_NUMBER, "2", f_double),
#endif
};

static const tw_utility_registration utilities[] = {
#ifndef UTILITY_PREFIX
#define UTILITY_PREFIX "probe-space"
#endif
    {.struct_size = sizeof(tw_utility_registration), .prefix = UTILITY_PREFIX, .expand = utility_expand,
     NEXT_MINOR_FIELD},
};
static const tw_recipe recipes[] = {
    {.struct_size = sizeof(tw_recipe), .name = "probe-card", .classes = "p-4 probe-none", NEXT_MINOR_FIELD},
};
static const tw_animation_preset animations[] = {
    {.struct_size = sizeof(tw_animation_preset), .name = "probe-bounce", .make = preset_make, NEXT_MINOR_FIELD},
};

#if defined(NAME_NULL)
#define DESCRIPTOR_NAME NULL
#elif defined(NAME_EMPTY)
#define DESCRIPTOR_NAME ""
#elif defined(NAME_UTF8)
#define DESCRIPTOR_NAME "fixture-\xc3\x28"
#elif defined(NAME_INVALID)
#define DESCRIPTOR_NAME "../Fixture"
#else
#define DESCRIPTOR_NAME PLUGIN_NAME
#endif

static tw_plugin_descriptor descriptor = {
    .abi_major = ABI_MAJOR,
    .abi_minor = ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = DESCRIPTOR_NAME,
    .version = "0.9.1",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
    .utilities = utilities,
    .utility_count = 1,
    .recipes = recipes,
    .recipe_count = 1,
    .animations = animations,
    .animation_count = 1,
    NEXT_MINOR_FIELD
};

#ifdef UNRESOLVED
extern void tw_fixture_symbol_nobody_defines(void);
#endif

#ifdef NO_ENTRY
#define ENTRY_NAME tw_plugin_entry_misspelled
#else
#define ENTRY_NAME tw_plugin_entry
#endif

TW_PLUGIN_EXPORT const tw_plugin_descriptor *ENTRY_NAME(uint32_t major, uint32_t minor, const tw_host_api *host,
                                                        const char **error) {
    (void)major;
    (void)minor;
#ifdef UNRESOLVED
    if (host == NULL) tw_fixture_symbol_nobody_defines();
#else
    (void)host;
#endif
#ifdef ENTRY_NULL
    *error = "fixture refuses to load: ENTRY_NULL";
    return NULL;
#else
    (void)error;
#endif
#ifdef BAD_FORM
    modifiers[1].form = 99;
#endif
#ifdef BAD_PHASE
    modifiers[1].phase = 7;
#endif
#ifdef BAD_ARG_TYPE
    modifiers[1].arg_type = 42;
#endif
#ifdef BAD_DEFAULT
    modifiers[1].default_argument = "twelve";
#endif
#ifdef NO_MODIFIERS
    descriptor.modifier_count = 0;
#endif
#ifdef ABSURD_COUNT
    descriptor.modifier_count = 1000000;
#endif
#ifdef RESERVED
    modifiers[2].reserved = 7;
#endif
#ifdef SMALL_DESCRIPTOR
    descriptor.struct_size = 64;
#endif
#ifdef SMALL_REGISTRATION
    for (size_t i = 0; i < sizeof(modifiers) / sizeof(modifiers[0]); i++) modifiers[i].struct_size = 64;
#endif
    return &descriptor;
}
