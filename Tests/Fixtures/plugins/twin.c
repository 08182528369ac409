/*
 * The C twin of Tests/Fixtures/SwiftTwin/Twin.swift: the same registrations
 * against the header alone, so that a test can check that a TWPluginKit plugin
 * and a C plugin resolve to the same chains, snapshots and check reports.
 * Registrations and presets are listed in name order, as TWPluginKit exports them.
 *
 *   twin-bold       text: .bold()
 *   twin-dim        value, bool, default false: .opacity(b ? 0.5 : 1)
 *   twin-drop       value, vector x,y,radius, order 5: .shadow(color:radius:x:y:), clear at radius 0
 *   twin-frost      argument, custom payload, phase content: a material background
 *                   (none | <thickness> | <thickness>/<percent>)
 *   twin-glow       view: a capsule background whose opacity follows active
 *   twin-half       shape: .trim(from: 0, to: active ? 0.5 : 1)
 *   twin-inset      value, points, phase content: .padding(n)
 *   twin-scale      value, number, default 1: .scaleEffect(n)
 *   twin-smooth     imageValue, bool, default true: .antialiased(b)
 *   twin-tag        value, string, default "": .accessibilityIdentifier(s)
 *   twin-track      textValue, points: .tracking(n)
 *   twin-turn       value, angle, order 10, key orientation: .rotation3DEffect
 *   utility twin-gap-[n], recipe twin-card, and one preset per curve.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "twin"
#endif

static void twin_bold(tw_builder *b, void *c, bool active) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "bold");
    b->api->end(b);
}

static void twin_dim(tw_builder *b, void *c, bool active, bool dimmed) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, dimmed ? 0.5 : 1);
    b->api->end(b);
}

static void twin_drop(tw_builder *b, void *c, bool active, tw_vector3 v) {
    (void)c;
    (void)active;
    tw_color color = {0, 0, 0, v.z > 0 ? 0.25 : 0};
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "shadow");
    b->api->color(b, "color", color);
    b->api->number(b, "radius", v.z);
    b->api->number(b, "x", v.x);
    b->api->number(b, "y", v.y);
    b->api->end(b);
}

static const char *const thicknesses[] = {"ultraThin", "thin", "regular", "thick", "ultraThick"};
static const char *const materials[] = {"ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial",
                                        "ultraThickMaterial"};

/* none, thin, thin/50: a thickness and an optional percent, 0…100, in digits. */
static void parse_frost(void *c, const char *argument, const tw_theme *theme, tw_parse_result *r) {
    (void)c;
    (void)theme;
    if (strcmp(argument, "none") == 0) {
        tw_payload none = {0, 0, "regularMaterial"};
        r->api->payload(r, none);
        return;
    }
    const char *slash = strchr(argument, '/');
    size_t length = slash ? (size_t)(slash - argument) : strlen(argument);
    int index = -1;
    for (int i = 0; i < 5; i++) {
        if (strlen(thicknesses[i]) == length && strncmp(argument, thicknesses[i], length) == 0) index = i;
    }
    if (index < 0) {
        r->api->reject(r, "expected none, ultraThin, thin, regular, thick or ultraThick");
        return;
    }
    int percent = 100;
    if (slash) {
        const char *digits = slash + 1;
        size_t count = strlen(digits);
        if (count < 1 || count > 3) {
            r->api->reject(r, "expected a percent 0…100 after '/'");
            return;
        }
        percent = 0;
        for (size_t i = 0; i < count; i++) {
            if (digits[i] < '0' || digits[i] > '9') {
                r->api->reject(r, "expected a percent 0…100 after '/'");
                return;
            }
            percent = percent * 10 + (digits[i] - '0');
        }
        if (percent > 100) {
            r->api->reject(r, "expected a percent 0…100 after '/'");
            return;
        }
    }
    tw_payload frost = {index + 1, percent / 100.0, materials[index]};
    r->api->payload(r, frost);
}

static void twin_frost(tw_builder *b, void *c, bool active, tw_payload frost) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "background");
    b->api->begin(b, TW_NODE_CONTENT, NULL, NULL);
    b->api->begin(b, TW_NODE_VIEW, NULL, "RoundedRectangle");
    b->api->number(b, "cornerRadius", 12);
    b->api->end(b);
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "fill");
    b->api->member(b, NULL, frost.text ? frost.text : "regularMaterial");
    b->api->end(b);
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, frost.number);
    b->api->end(b);
    b->api->end(b); /* content */
    b->api->end(b); /* background */
}

static void twin_glow(tw_builder *b, void *c, bool active) {
    (void)c;
    tw_color amber = {1, 0.8, 0.2, 1};
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "background");
    b->api->begin(b, TW_NODE_CONTENT, NULL, NULL);
    b->api->begin(b, TW_NODE_VIEW, NULL, "Capsule");
    b->api->end(b);
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "fill");
    b->api->color(b, NULL, amber);
    b->api->end(b);
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, active ? 1 : 0);
    b->api->end(b);
    b->api->end(b); /* content */
    b->api->end(b); /* background */
}

static void twin_half(tw_builder *b, void *c, bool active) {
    (void)c;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "trim");
    b->api->number(b, "from", 0);
    b->api->number(b, "to", active ? 0.5 : 1);
    b->api->end(b);
}

static void twin_inset(tw_builder *b, void *c, bool active, double points) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "padding");
    b->api->number(b, NULL, points);
    b->api->end(b);
}

static void twin_scale(tw_builder *b, void *c, bool active, double factor) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "scaleEffect");
    b->api->number(b, NULL, factor);
    b->api->end(b);
}

static void twin_smooth(tw_builder *b, void *c, bool active, bool on) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "antialiased");
    b->api->boolean(b, NULL, on);
    b->api->end(b);
}

static void twin_tag(tw_builder *b, void *c, bool active, const char *identifier) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "accessibilityIdentifier");
    b->api->string(b, NULL, identifier);
    b->api->end(b);
}

static void twin_track(tw_builder *b, void *c, bool active, double points) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "tracking");
    b->api->number(b, NULL, points);
    b->api->end(b);
}

static void twin_turn(tw_builder *b, void *c, bool active, double degrees) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "rotation3DEffect");
    b->api->begin(b, TW_NODE_CALL, NULL, "degrees");
    b->api->number(b, NULL, degrees);
    b->api->end(b);
    b->api->begin(b, TW_NODE_TUPLE, "axis", NULL);
    b->api->number(b, "x", 0);
    b->api->number(b, "y", 1);
    b->api->number(b, "z", 0);
    b->api->end(b);
    b->api->end(b);
}

#define REG(NAME, FORM, TYPE, DEFAULT, FACTORY)                                                                  \
    {.struct_size = sizeof(tw_modifier_registration), .form = FORM, .arg_type = TYPE, .name = NAME,            \
     .default_argument = DEFAULT, .factory = (tw_factory_fn)FACTORY}

static const tw_modifier_registration modifiers[] = {
    REG("twin-bold", TW_FORM_TEXT, TW_ARG_NONE, NULL, twin_bold),
    REG("twin-dim", TW_FORM_VALUE, TW_ARG_BOOL, "false", twin_dim),
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_VECTOR,
     .name = "twin-drop", .order = 5, .default_argument = "0,0,0", .factory = (tw_factory_fn)twin_drop},
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_ARGUMENT, .arg_type = TW_ARG_CUSTOM,
     .phase = TW_PHASE_CONTENT, .name = "twin-frost", .default_argument = "none",
     .factory = (tw_factory_fn)twin_frost, .parse = parse_frost},
    REG("twin-glow", TW_FORM_VIEW, TW_ARG_NONE, NULL, twin_glow),
    REG("twin-half", TW_FORM_SHAPE, TW_ARG_NONE, NULL, twin_half),
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_POINTS,
     .phase = TW_PHASE_CONTENT, .name = "twin-inset", .default_argument = "0", .factory = (tw_factory_fn)twin_inset},
    REG("twin-scale", TW_FORM_VALUE, TW_ARG_NUMBER, "1", twin_scale),
    REG("twin-smooth", TW_FORM_IMAGE_VALUE, TW_ARG_BOOL, "true", twin_smooth),
    REG("twin-tag", TW_FORM_VALUE, TW_ARG_STRING, "", twin_tag),
    REG("twin-track", TW_FORM_TEXT_VALUE, TW_ARG_POINTS, "0", twin_track),
    {.struct_size = sizeof(tw_modifier_registration), .form = TW_FORM_VALUE, .arg_type = TW_ARG_ANGLE,
     .name = "twin-turn", .order = 10, .conflict_key = "orientation", .default_argument = "0deg",
     .factory = (tw_factory_fn)twin_turn},
};

/* twin-gap-[n]: n spacing steps of padding, 0…24. */
static void twin_gap(void *c, const char *argument, const tw_theme *theme, tw_utility_result *r) {
    (void)c;
    /* One or two digits, 0…24: the Swift twin reads the same set. */
    size_t count = strlen(argument);
    if (count < 1 || count > 2 || argument[0] < '0' || argument[0] > '9' ||
        (count == 2 && (argument[1] < '0' || argument[1] > '9'))) {
        r->api->reject(r, "cannot read the argument");
        return;
    }
    int steps = count == 2 ? (argument[0] - '0') * 10 + (argument[1] - '0') : argument[0] - '0';
    double points = 0;
    if (steps > 24 || !theme->api->number(theme, "spacing", argument, &points)) {
        r->api->reject(r, "cannot read the argument");
        return;
    }
    /* The shortest text that reads back as the same double, as Swift's String(Double) writes it. */
    char number[40];
    long whole = points > -1e15 && points < 1e15 ? (long)points : 0;
    if (points > -1e15 && points < 1e15 && (double)whole == points) {
        snprintf(number, sizeof number, "%ld", whole);
    } else {
        for (int precision = 1; precision <= 17; precision++) {
            snprintf(number, sizeof number, "%.*g", precision, points);
            if (strtod(number, NULL) == points) break;
        }
    }
    char classes[64];
    snprintf(classes, sizeof classes, "p-[%s]", number);
    r->api->classes(r, classes);
}

static const tw_utility_registration utilities[] = {
    {.struct_size = sizeof(tw_utility_registration), .prefix = "twin-gap", .expand = twin_gap},
};

static const tw_recipe recipes[] = {
    {.struct_size = sizeof(tw_recipe), .name = "twin-card", .classes = "card twin-glow"},
};

/* Each preset sets only what its curve's SwiftUI function takes; -1 is "not set". */
static void fill(tw_animation *out, int32_t curve, double duration, double bounce, double delay) {
    out->curve = curve;
    out->duration = duration;
    out->response = -1;
    out->damping_fraction = -1;
    out->bounce = bounce;
    out->delay = delay;
}
static void calm(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_SMOOTH, s, -1, 0); }
static void fade(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_EASE_OUT, s >= 0 ? s : 0.3, -1, 0); }
static void glide(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_EASE_IN_OUT, s >= 0 ? s : 0.4, -1, 0.1); }
static void plain(void *c, double s, tw_animation *out) { (void)c; (void)s; fill(out, TW_CURVE_DEFAULT, -1, -1, 0); }
static void pop(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_BOUNCY, s >= 0 ? s : 0.5, 0.2, 0); }
static void quick(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_SNAPPY, s, 0.1, 0); }
static void rise(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_EASE_IN, s >= 0 ? s : 0.2, -1, 0); }
static void settle(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_SPRING, s >= 0 ? s : 0.5, 0.2, 0); }
static void steady(void *c, double s, tw_animation *out) { (void)c; fill(out, TW_CURVE_LINEAR, s, -1, 0); }
static void wobble(void *c, double s, tw_animation *out) {
    (void)c;
    (void)s;
    fill(out, TW_CURVE_SPRING, -1, -1, 0);
    out->response = 0.4;
    out->damping_fraction = 0.6;
}

#define PRESET(NAME, MAKE) {.struct_size = sizeof(tw_animation_preset), .name = NAME, .make = MAKE}

static const tw_animation_preset presets[] = {
    PRESET("twin-calm", calm),   PRESET("twin-fade", fade),     PRESET("twin-glide", glide),
    PRESET("twin-plain", plain), PRESET("twin-pop", pop),       PRESET("twin-quick", quick),
    PRESET("twin-rise", rise),   PRESET("twin-settle", settle), PRESET("twin-steady", steady),
    PRESET("twin-wobble", wobble),
};

static const tw_plugin_descriptor descriptor = {
    .abi_major = TW_ABI_MAJOR,
    .abi_minor = TW_ABI_MINOR,
    .struct_size = sizeof(tw_plugin_descriptor),
    .name = PLUGIN_NAME,
    .version = "1.0.0",
    .modifiers = modifiers,
    .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
    .utilities = utilities,
    .utility_count = 1,
    .recipes = recipes,
    .recipe_count = 1,
    .animations = presets,
    .animation_count = sizeof(presets) / sizeof(presets[0]),
};

TW_PLUGIN_ENTRY(descriptor, "twin")
