/*
 * A generated benchmark plugin: BENCH_COUNT value registrations named
 * <prefix>-<n>, each with a trivial factory, so that load, validation and
 * merge time is measured on a registry of known size.
 *
 * With BENCH_VARIANT defined, every 997th registration has another order
 * and default argument: a second build for `twhost diff` to compare.
 */
#include "TWPluginAPI.h"

#ifndef PLUGIN_NAME
#define PLUGIN_NAME "bench"
#endif
#ifndef BENCH_COUNT
#define BENCH_COUNT 100
#endif

/* Counts calls; does no builder work, so a call measures dispatch alone. */
static void count_factory(tw_builder *b, void *context, bool active, double value) {
    (void)b;
    (void)active;
    (void)value;
    if (context) ++*(volatile long *)context;
}

static tw_modifier_registration registrations[BENCH_COUNT];
static char names[BENCH_COUNT][24];
static tw_plugin_descriptor descriptor;

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t major, uint32_t minor, const tw_host_api *host,
                                                             const char **error) {
    (void)major;
    (void)minor;
    (void)host;
    (void)error;
    static long counter;
    for (int i = 0; i < BENCH_COUNT; i++) {
        int n = i, len = 0;
        char digits[12];
        do {
            digits[len++] = (char)('0' + n % 10);
            n /= 10;
        } while (n > 0);
        const char *prefix = PLUGIN_NAME;
        int p = 0;
        while (prefix[p] && p < 12) {
            names[i][p] = prefix[p];
            p++;
        }
        names[i][p++] = '-';
        while (len > 0) names[i][p++] = digits[--len];
        names[i][p] = 0;
        int order = i % 7;
        const char *default_argument = "0";
#ifdef BENCH_VARIANT
        if (i % 997 == 0) {
            order += 3;
            default_argument = "1";
        }
#endif
        registrations[i] = (tw_modifier_registration){
            .struct_size = sizeof(tw_modifier_registration),
            .form = TW_FORM_VALUE,
            .phase = (i % 2) ? TW_PHASE_CONTENT : TW_PHASE_EFFECTS,
            .order = order,
            .arg_type = TW_ARG_NUMBER,
            .name = names[i],
            .default_argument = default_argument,
            .context = &counter,
            .factory = (tw_factory_fn)count_factory,
        };
    }
    descriptor = (tw_plugin_descriptor){
        .abi_major = TW_ABI_MAJOR,
        .abi_minor = TW_ABI_MINOR,
        .struct_size = sizeof(tw_plugin_descriptor),
        .name = PLUGIN_NAME,
        .version = "0.0.1",
        .modifiers = registrations,
        .modifier_count = BENCH_COUNT,
    };
    return &descriptor;
}
