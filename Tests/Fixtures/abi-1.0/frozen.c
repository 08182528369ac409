/*
 * A plugin built against the frozen ABI 1.0 header alone (see README.md).
 * Never edit this file: every later twhost must load it and resolve
 *   glow              view form:      .shadow(color: black at opacity active ? 0.3 : 0, radius: 8)
 *   lift-[points]     value, points:  .offset(y: -points), default 0
 *   tone-[hi|lo]      argument form, its own parser (reads the theme's spacing): .opacity(1 | 0.5)
 *   slant             text form:      .italic() (Text -> Text)
 *   gap-[n]           utility:        p-<n>
 *   frozen-card       recipe:         "p-4 glow"
 *   calm              animation preset: .easeInOut(duration: seconds or 0.4)
 * and log one line through the host table it was given. The SwiftUI calls:
 * View.shadow(color:radius:x:y:), View.offset(x:y:), View.opacity(_:) and
 * Text.italic() (iOS 13 / macOS 10.15), Animation.easeInOut(duration:).
 */
#include "TWPluginAPI.h"

static void glow(tw_builder *b, void *c, bool active) {
    (void)c;
    tw_color shade = {0, 0, 0, active ? 0.3 : 0};
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "shadow");
    b->api->color(b, "color", shade);
    b->api->number(b, "radius", 8);
    b->api->end(b);
}

static void lift(tw_builder *b, void *c, bool active, double points) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "offset");
    b->api->number(b, "y", -points);
    b->api->end(b);
}

static void tone(tw_builder *b, void *c, bool active, double level) {
    (void)c;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "opacity");
    b->api->number(b, NULL, active ? level : 1);
    b->api->end(b);
}

static void parse_tone(void *c, const char *argument, const tw_theme *theme, tw_parse_result *r) {
    (void)c;
    double unit = 0;
    if (!theme->api->number(theme, "spacing", "1", &unit) || unit <= 0) {
        r->api->reject(r, "no spacing scale");
        return;
    }
    if (argument[0] == 'h' && argument[1] == 'i' && argument[2] == 0) {
        r->api->number(r, 1);
    } else if (argument[0] == 'l' && argument[1] == 'o' && argument[2] == 0) {
        r->api->number(r, 0.5);
    } else {
        r->api->reject(r, "expected hi or lo");
    }
}

static void slant(tw_builder *b, void *c, bool active) {
    (void)c;
    (void)active;
    b->api->begin(b, TW_NODE_MODIFIER, NULL, "italic");
    b->api->end(b);
}

static void gap(void *c, const char *argument, const tw_theme *theme, tw_utility_result *r) {
    (void)c;
    double points = 0;
    if (!theme->api->number(theme, "spacing", argument, &points)) {
        r->api->reject(r, "not a spacing step");
        return;
    }
    if (argument[0] == '2' && argument[1] == 0) {
        r->api->classes(r, "p-2");
    } else {
        r->api->classes(r, "p-4");
    }
}

static void calm(void *c, double seconds, tw_animation *out) {
    (void)c;
    out->curve = TW_CURVE_EASE_IN_OUT;
    out->duration = seconds >= 0 ? seconds : 0.4;
    out->response = -1;
    out->damping_fraction = -1;
    out->bounce = 0;
    out->delay = 0;
}

static const tw_modifier_registration modifiers[] = {
    {sizeof(tw_modifier_registration), TW_FORM_VIEW, TW_PHASE_EFFECTS, 0, TW_ARG_NONE, 0, "glow", NULL, NULL, NULL,
     (tw_factory_fn)glow, NULL},
    {sizeof(tw_modifier_registration), TW_FORM_VALUE, TW_PHASE_CONTENT, 0, TW_ARG_POINTS, 0, "lift", NULL, "0",
     NULL, (tw_factory_fn)lift, NULL},
    {sizeof(tw_modifier_registration), TW_FORM_ARGUMENT, TW_PHASE_EFFECTS, 5, TW_ARG_NUMBER, 0, "tone", NULL, "hi",
     NULL, (tw_factory_fn)tone, parse_tone},
    {sizeof(tw_modifier_registration), TW_FORM_TEXT, TW_PHASE_DEFAULT, 0, TW_ARG_NONE, 0, "slant", NULL, NULL, NULL,
     (tw_factory_fn)slant, NULL},
};
static const tw_utility_registration utilities[] = {{sizeof(tw_utility_registration), 0, "gap", NULL, gap}};
static const tw_recipe recipes[] = {{sizeof(tw_recipe), 0, "frozen-card", "p-4 glow"}};
static const tw_animation_preset animations[] = {{sizeof(tw_animation_preset), 0, "calm", NULL, calm}};

static const tw_plugin_descriptor descriptor = {
    TW_ABI_MAJOR, TW_ABI_MINOR, sizeof(tw_plugin_descriptor), "frozen", "1.0.0", modifiers, 4, 1, utilities,
    recipes, 1, 1, animations};

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor,
                                                             const tw_host_api *host, const char **error_message) {
    (void)host_abi_minor;
    if (host_abi_major != TW_ABI_MAJOR) {
        *error_message = "frozen needs plugin ABI 1.x";
        return NULL;
    }
    if (TW_STRUCT_HAS(host, tw_host_api, log)) host->log(host, TW_LOG_INFO, "frozen 1.0 plugin loaded");
    return &descriptor;
}
