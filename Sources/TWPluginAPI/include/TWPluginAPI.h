/*
 * TWPluginAPI.h — the twhost plugin ABI, version 1.0.
 *
 * A plugin is a shared library that exports exactly one function,
 * `tw_plugin_entry` (declared below; TW_PLUGIN_ENTRY_SYMBOL). The host calls it
 * once after dlopen and receives a descriptor: the plugin's name and version
 * and its modifier registrations, utility registrations, recipes and
 * animation presets.
 *
 * Compatibility (SPEC A-2, CLAP's rule):
 *   - The host loads a plugin whose major version equals its own, whatever the
 *     two minors are. A different major is refused, naming both versions.
 *   - Structs only grow at the end, and every field a later minor adds means
 *     "absent" when it is zero. Fields are marked `since 1.x` when they are
 *     added; everything below is 1.0.
 *   - Every struct a plugin hands the host starts with its own `struct_size`
 *     (the descriptor after its two version fields). The host checks that size
 *     before it reads anything else: a struct smaller than its 1.0 size
 *     (TW_SIZEOF_*_1_0) is refused; the host copies min(struct_size, the size
 *     it knows) bytes into a zeroed struct, so a field past the plugin's size
 *     reads as zero and a field past the host's size is ignored.
 *   - Array elements are read with the element's own `struct_size` as stride,
 *     so a plugin built against a newer minor with larger elements still loads.
 *   - The tables the host hands a plugin (tw_host_api, the *_api tables) carry
 *     a `struct_size` too: before calling a callback marked `since 1.x`, a
 *     plugin checks TW_STRUCT_HAS(table, type, field), and the entry receives
 *     the host's ABI version for the same purpose.
 *   - Value types passed by value (tw_color, tw_vector3, tw_animation,
 *     tw_payload) never change within a major.
 *   - `reserved` fields must be zero: the host refuses a non-zero one, so that a
 *     later minor can give it a meaning.
 *   A copy of this header as of 1.0 is frozen in the tests
 *   (Tests/Fixtures/abi-1.0), with a plugin built against it that every later
 *   host must load.
 *
 * Ownership:
 *   - Every string a plugin hands the host is NUL-terminated UTF-8 and is copied
 *     by the host before the call that received it returns. The plugin keeps
 *     ownership of its own memory.
 *   - Every string, struct or handle the host hands a plugin is valid only for
 *     the duration of the call that received it.
 *
 * Threading tags:
 *   [main-thread]  called by the host only from the thread that loaded plugins.
 *   [any-thread]   may be called from any thread, concurrently; must be pure.
 *   [call-thread]  a handle's callbacks: only on the thread the host called the
 *                  plugin on, and only until that call returns. Later uses, and
 *                  uses from other threads, are ignored and counted.
 *
 * The header compiles alone as C11 (`-std=c11 -Wall -Wextra -pedantic -Werror`)
 * and as C++17 (`-std=c++17 -Wall -Wextra -Werror`).
 */
#ifndef TW_PLUGIN_API_H
#define TW_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- versions */

#define TW_ABI_MAJOR 1
#ifndef TW_ABI_TEST_NEXT_MINOR
#define TW_ABI_MINOR 0
#else
/*
 * Test builds only (never define this in a plugin or a host you ship): the
 * next minor, with one field appended to every struct a plugin hands the
 * host. The tests build a host and plugins this way to check that minors mix
 * both ways (SPEC A-2).
 */
#define TW_ABI_MINOR 1
#endif

/** The single symbol a plugin exports. */
#define TW_PLUGIN_ENTRY_SYMBOL "tw_plugin_entry"

/** Marks the entry point as exported, also under -fvisibility=hidden. */
#if defined(__GNUC__) || defined(__clang__)
#define TW_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define TW_PLUGIN_EXPORT
#endif

/** A compile-time check that works in C11 and C++11 and later. */
#ifdef __cplusplus
#define TW_STATIC_ASSERT(condition, message) static_assert(condition, message)
#else
#define TW_STATIC_ASSERT(condition, message) _Static_assert(condition, message)
#endif

/**
 * Whether a table the host handed over is large enough to hold `field`, e.g.
 * TW_STRUCT_HAS(host, tw_host_api, log). Check before using a field marked
 * `since 1.x` on a table from a host that may be older.
 */
#define TW_STRUCT_HAS(pointer, type, field)                                                                  \
    ((size_t)(pointer)->struct_size >= offsetof(type, field) + sizeof(((const type *)0)->field))

#ifdef TW_ABI_TEST_NEXT_MINOR
#define TW_TEST_NEXT_MINOR_FIELD uint64_t test_next_minor_field; /* test builds only; see TW_ABI_MINOR */
#else
#define TW_TEST_NEXT_MINOR_FIELD
#endif

/* Limits the host enforces when it validates a descriptor. */
#define TW_MAX_NAME_LENGTH 64
#define TW_MAX_REGISTRATIONS 65536
#define TW_MAX_STRING_LENGTH 65536

/* ------------------------------------------------------------------ enums */
/* Stored as int32_t in structs so that layouts never depend on enum sizing. */

/** Registration forms (the seeds' `.view`, `.value`, `.argument`, …). */
#define TW_FORM_VIEW 1        /* exact tag; factory(builder, ctx, active) */
#define TW_FORM_VALUE 2       /* typed bracket argument decoded by the host */
#define TW_FORM_ARGUMENT 3    /* bracket argument read by the plugin's parser */
#define TW_FORM_TEXT 4        /* exact tag on a native Text source */
#define TW_FORM_IMAGE 5       /* exact tag on a native Image source */
#define TW_FORM_SHAPE 6       /* exact tag on a native Shape source */
#define TW_FORM_TEXT_VALUE 7  /* typed bracket argument on Text */
#define TW_FORM_IMAGE_VALUE 8 /* typed bracket argument on Image */
#define TW_FORM_SHAPE_VALUE 9 /* typed bracket argument on a Shape */

/** Phases of general view registrations. Target forms are always `source`. */
#define TW_PHASE_DEFAULT 0 /* same as TW_PHASE_EFFECTS */
#define TW_PHASE_CONTENT 1 /* inside built-in styling */
#define TW_PHASE_EFFECTS 2 /* outside built-in styling */

/** Argument types: the C type the factory's fourth parameter has. */
#define TW_ARG_NONE 0      /* no argument: view, text, image, shape forms */
#define TW_ARG_NUMBER 1    /* double */
#define TW_ARG_POINTS 2    /* double, points */
#define TW_ARG_ANGLE 3     /* double, degrees */
#define TW_ARG_SECONDS 4   /* double, seconds */
#define TW_ARG_BOOL 5      /* bool */
#define TW_ARG_STRING 6    /* const char * (valid during the call) */
#define TW_ARG_COLOR 7     /* tw_color, by value */
#define TW_ARG_VECTOR 8    /* tw_vector3, by value */
#define TW_ARG_ANIMATION 9 /* tw_animation, by value */
#define TW_ARG_CUSTOM 10   /* tw_payload, by value; argument form only */

/** Node kinds a factory opens with tw_builder_api.begin. */
#define TW_NODE_MODIFIER 1 /* `.name(args…)` applied to the chain being built */
#define TW_NODE_VIEW 2     /* `Name(args…)`, a view that starts a chain in content */
#define TW_NODE_CALL 3     /* argument whose value is `.name(args…)`, e.g. .degrees(8) */
#define TW_NODE_CONTENT 4  /* argument that is a view closure `{ … }` */
#define TW_NODE_TUPLE 5    /* argument that is a tuple `(x: 0, y: 1, z: 0)` */

/** Animation curves. */
#define TW_CURVE_DEFAULT 0
#define TW_CURVE_LINEAR 1
#define TW_CURVE_EASE_IN 2
#define TW_CURVE_EASE_OUT 3
#define TW_CURVE_EASE_IN_OUT 4
#define TW_CURVE_SPRING 5
#define TW_CURVE_SMOOTH 6
#define TW_CURVE_SNAPPY 7
#define TW_CURVE_BOUNCY 8

/** Log levels for tw_host_api.log. */
#define TW_LOG_INFO 0
#define TW_LOG_WARNING 1
#define TW_LOG_ERROR 2

/* ------------------------------------------------------------ value types */

/** An sRGB color, components 0…1. Passed by value (FFI_TYPE_STRUCT). */
typedef struct tw_color {
    double r;
    double g;
    double b;
    double a;
} tw_color;

/** A 3-component vector (e.g. a rotation axis). Passed by value. */
typedef struct tw_vector3 {
    double x;
    double y;
    double z;
} tw_vector3;

/**
 * An animation. Negative durations, responses, … mean "not set: use the
 * curve's own default". Passed by value.
 */
typedef struct tw_animation {
    int32_t curve;    /* TW_CURVE_* */
    int32_t reserved; /* zero; the builder and parsers refuse an animation whose reserved is not */
    double duration; /* seconds */
    double response;
    double damping_fraction;
    double bounce;
    double delay; /* seconds, >= 0 */
} tw_animation;

/**
 * A custom payload produced by an argument-form parser: a tag the plugin
 * chooses, a number, and a text (copied by the host). Passed by value.
 */
typedef struct tw_payload {
    int64_t tag;
    double number;
    const char *text; /* may be NULL */
} tw_payload;

/* ----------------------------------------------------------------- builder */

typedef struct tw_builder tw_builder;

/**
 * Callbacks through which a factory describes native modifiers. The host
 * records them as its modifier IR. `label` is the argument label, or NULL for
 * an unlabelled argument. Names are Swift identifiers. All strings are copied.
 * Misuse (unbalanced begin/end, a NULL name, nesting deeper than the host
 * allows) is recorded and fails the factory call with a clear error.
 * Threading: [call-thread], on the builder passed to the current call.
 */
typedef struct tw_builder_api {
    uint32_t struct_size;
    uint32_t reserved;
    /** Opens a node (TW_NODE_*); every begin needs a matching end. */
    void (*begin)(tw_builder *builder, int32_t node_kind, const char *label, const char *name);
    /** Closes the innermost open node. */
    void (*end)(tw_builder *builder);
    /** A numeric argument, e.g. `radius: 4`. */
    void (*number)(tw_builder *builder, const char *label, double value);
    /** A Boolean argument. */
    void (*boolean)(tw_builder *builder, const char *label, bool value);
    /** A string literal argument. */
    void (*string)(tw_builder *builder, const char *label, const char *value);
    /** A color argument, rendered as `Color(red:green:blue:opacity:)` or a name. */
    void (*color)(tw_builder *builder, const char *label, tw_color value);
    /** An enum member argument, e.g. `.ultraThinMaterial` (pass "ultraThinMaterial"). */
    void (*member)(tw_builder *builder, const char *label, const char *member);
    /** An animation argument. */
    void (*animation)(tw_builder *builder, const char *label, tw_animation value);
    /** Fails the factory call with a message (copied). */
    void (*fail)(tw_builder *builder, const char *message);
} tw_builder_api;

/**
 * The handle a factory receives. Never keep it after the factory returns: a
 * later use, or a use from another thread, is ignored and counted, and
 * `twhost plugins check` reports it as `builder-kept`.
 */
struct tw_builder {
    uint32_t struct_size;
    uint32_t reserved;
    const tw_builder_api *api;
    void *host; /* host-private */
};

/* ----------------------------------------------------------- parse result */

typedef struct tw_parse_result tw_parse_result;

/**
 * Callbacks through which an argument-form parser returns its value. Call
 * exactly one setter matching the registration's argument type, or reject.
 * Threading: [call-thread].
 */
typedef struct tw_parse_result_api {
    uint32_t struct_size;
    uint32_t reserved;
    void (*number)(tw_parse_result *result, double value); /* number, points, angle, seconds */
    void (*boolean)(tw_parse_result *result, bool value);
    void (*string)(tw_parse_result *result, const char *value);
    void (*color)(tw_parse_result *result, tw_color value);
    void (*vector)(tw_parse_result *result, tw_vector3 value);
    void (*animation)(tw_parse_result *result, tw_animation value);
    void (*payload)(tw_parse_result *result, tw_payload value);
    /** Rejects the argument with a reason shown to the user (copied). */
    void (*reject)(tw_parse_result *result, const char *reason);
} tw_parse_result_api;

struct tw_parse_result {
    uint32_t struct_size;
    uint32_t reserved;
    const tw_parse_result_api *api;
    void *host;
};

/* ------------------------------------------------------------------ theme */

typedef struct tw_theme tw_theme;

/**
 * Read access to the theme in force. Scales: "spacing" (key: a step such as
 * "4", value in points), "radius", "font-size", "shadow", "opacity";
 * colors by name ("primary", "indigo-500"). Returns false when unknown.
 * Threading: [call-thread].
 */
typedef struct tw_theme_api {
    uint32_t struct_size;
    uint32_t reserved;
    bool (*number)(const tw_theme *theme, const char *scale, const char *key, double *out);
    bool (*color)(const tw_theme *theme, const char *name, tw_color *out);
} tw_theme_api;

struct tw_theme {
    uint32_t struct_size;
    uint32_t reserved;
    const tw_theme_api *api;
    const void *host;
};

/* --------------------------------------------------------- utility result */

typedef struct tw_utility_result tw_utility_result;

/**
 * Callbacks through which a utility returns the classes its argument expands
 * to (built-in utilities with exact bracket values, recipes, variants), or
 * rejects the argument. Threading: [call-thread].
 */
typedef struct tw_utility_result_api {
    uint32_t struct_size;
    uint32_t reserved;
    void (*classes)(tw_utility_result *result, const char *classes);
    void (*reject)(tw_utility_result *result, const char *reason);
} tw_utility_result_api;

struct tw_utility_result {
    uint32_t struct_size;
    uint32_t reserved;
    const tw_utility_result_api *api;
    void *host;
};

/* ------------------------------------------------------- function types */

/**
 * A modifier factory. The host calls it through libffi with the signature
 *   void factory(tw_builder *builder, void *context, bool active [, ARG value])
 * where ARG is the C type of the registration's argument type (none for the
 * view, text, image and shape forms). `active` is false when the tag is
 * absent: the factory then describes the neutral modifier for `value`
 * (the registration's default). It must return the same structure either way.
 * Declared without a prototype of its argument; cast to tw_factory_fn.
 * Threading: [any-thread]; pure.
 */
typedef void (*tw_factory_fn)(void);

/**
 * An argument-form parser: reads the raw bracket argument (with `_` already
 * turned into spaces) and reports a value of the registration's type.
 * Threading: [any-thread]; pure.
 */
typedef void (*tw_parse_fn)(void *context, const char *argument, const tw_theme *theme,
                            tw_parse_result *result);

/**
 * A utility: expands a bracket argument to classes, or rejects it.
 * Threading: [any-thread]; pure.
 */
typedef void (*tw_utility_fn)(void *context, const char *argument, const tw_theme *theme,
                              tw_utility_result *result);

/**
 * An animation preset: fills `out` for a duration in seconds (a negative
 * duration means none was given). Threading: [any-thread]; pure.
 */
typedef void (*tw_animation_fn)(void *context, double seconds, tw_animation *out);

/* ----------------------------------------------------------- registrations */

/** A modifier registration. */
typedef struct tw_modifier_registration {
    uint32_t struct_size; /* sizeof(tw_modifier_registration) */
    int32_t form;         /* TW_FORM_* */
    int32_t phase;        /* TW_PHASE_*; ignored for target forms */
    int32_t order;        /* lower first; default 0 */
    int32_t arg_type;     /* TW_ARG_*; TW_ARG_NONE for exact-tag forms */
    int32_t reserved;     /* zero */
    const char *name;             /* [a-z][a-z0-9-]{0,63} */
    const char *conflict_key;     /* NULL: the name */
    const char *default_argument; /* text parsed under arg_type; NULL for exact-tag forms */
    void *context;                /* passed back to factory and parse */
    tw_factory_fn factory;        /* required */
    tw_parse_fn parse;            /* required for TW_FORM_ARGUMENT, else NULL */
    TW_TEST_NEXT_MINOR_FIELD
} tw_modifier_registration;

/** A utility registration (A-4b): a bracket prefix such as "surface". */
typedef struct tw_utility_registration {
    uint32_t struct_size; /* sizeof(tw_utility_registration) */
    uint32_t reserved;    /* zero */
    const char *prefix;
    void *context;
    tw_utility_fn expand;
    TW_TEST_NEXT_MINOR_FIELD
} tw_utility_registration;

/** A named recipe: name → classes. */
typedef struct tw_recipe {
    uint32_t struct_size; /* sizeof(tw_recipe) */
    uint32_t reserved;    /* zero */
    const char *name;
    const char *classes;
    TW_TEST_NEXT_MINOR_FIELD
} tw_recipe;

/** An animation preset used as `animate-<name>`. */
typedef struct tw_animation_preset {
    uint32_t struct_size; /* sizeof(tw_animation_preset) */
    uint32_t reserved;    /* zero */
    const char *name;
    void *context;
    tw_animation_fn make;
    TW_TEST_NEXT_MINOR_FIELD
} tw_animation_preset;

/* -------------------------------------------------------------- descriptor */

/**
 * What a plugin returns from its entry. Must stay valid and unchanged for the
 * life of the process (plugins are never unloaded): return a pointer to static
 * storage or to memory the plugin never frees.
 */
typedef struct tw_plugin_descriptor {
    uint16_t abi_major;   /* TW_ABI_MAJOR the plugin was built against */
    uint16_t abi_minor;   /* TW_ABI_MINOR the plugin was built against */
    uint32_t struct_size; /* sizeof(tw_plugin_descriptor) */
    const char *name;     /* [a-z][a-z0-9-]{0,63}; equals the requested name */
    const char *version;  /* free-form, e.g. "1.0.0" */
    const tw_modifier_registration *modifiers;
    uint32_t modifier_count;
    uint32_t utility_count;
    const tw_utility_registration *utilities;
    const tw_recipe *recipes;
    uint32_t recipe_count;
    uint32_t animation_count;
    const tw_animation_preset *animations;
    TW_TEST_NEXT_MINOR_FIELD
} tw_plugin_descriptor;

/* ---------------------------------------------------------------- host api */

typedef struct tw_host_api tw_host_api;

/**
 * What the host offers a plugin at entry. Each plugin gets its own table, valid
 * for the life of the process; callbacks take it back as their first argument,
 * which is how the host knows which plugin called.
 */
struct tw_host_api {
    uint32_t struct_size; /* sizeof(tw_host_api) in the host */
    uint16_t abi_major;
    uint16_t abi_minor;
    const char *host_version;
    const void *host_data; /* host-private: the plugin this table was given to */
    /**
     * Writes `message` (copied; control characters escaped) to the host's
     * diagnostics, tagged with the plugin's name. `level` is TW_LOG_*.
     * `host` is the table the plugin received. [any-thread]
     */
    void (*log)(const tw_host_api *host, int32_t level, const char *message);
};

/**
 * The entry point. Called once per process per plugin, on the loading thread
 * [main-thread]. Returns the descriptor, or NULL and sets *error_message to a
 * static NUL-terminated message the host shows (it may leave it NULL).
 * `host_abi_major`/`host_abi_minor` say what the host speaks: a plugin built
 * for a newer minor must not rely on fields the host does not know.
 */
typedef const tw_plugin_descriptor *(*tw_plugin_entry_fn)(uint32_t host_abi_major,
                                                          uint32_t host_abi_minor,
                                                          const tw_host_api *host,
                                                          const char **error_message);

/** The plugin's definition must match this prototype; the compiler checks it. */
TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor,
                                                             const tw_host_api *host, const char **error_message);

#define TW__STRINGIFY(x) #x
#define TW__STRINGIFY_VALUE(x) TW__STRINGIFY(x)

/**
 * Defines `tw_plugin_entry` for a plugin whose descriptor is static data:
 * a host of another major version is refused with the static message
 * "<plugin_name> needs plugin ABI <major>.x" (written only when
 * `error_message` is not NULL), any other host gets `&descriptor`. Every C
 * sample twhost ships uses it; a plugin that reads the host's minor version
 * or its table writes its own entry instead.
 *
 *     TW_PLUGIN_ENTRY(descriptor, "typography")
 */
#define TW_PLUGIN_ENTRY(descriptor, plugin_name)                                                              \
    TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor, \
                                                                 const tw_host_api *host,                     \
                                                                 const char **error_message) {                \
        (void)host_abi_minor;                                                                                 \
        (void)host;                                                                                           \
        if (host_abi_major != TW_ABI_MAJOR) {                                                                 \
            if (error_message)                                                                                \
                *error_message = plugin_name " needs plugin ABI " TW__STRINGIFY_VALUE(TW_ABI_MAJOR) ".x";     \
            return NULL;                                                                                      \
        }                                                                                                     \
        return &(descriptor);                                                                                 \
    }

/* ------------------------------------------------------------------ layout */
/* Pinned for the LP64 targets twhost supports; the host checks these too. */

#if defined(__LP64__) || defined(_LP64)
/* ABI 1.0 sizes of the structs a plugin hands the host: the smallest accepted. */
#define TW_SIZEOF_DESCRIPTOR_1_0 72
#define TW_SIZEOF_MODIFIER_REGISTRATION_1_0 72
#define TW_SIZEOF_UTILITY_REGISTRATION_1_0 32
#define TW_SIZEOF_RECIPE_1_0 24
#define TW_SIZEOF_ANIMATION_PRESET_1_0 32
/* ABI 1.0 sizes of the tables the host hands a plugin. */
#define TW_SIZEOF_HOST_API_1_0 32
#define TW_SIZEOF_BUILDER_API_1_0 80
#define TW_SIZEOF_PARSE_RESULT_API_1_0 72
#define TW_SIZEOF_THEME_API_1_0 24
#define TW_SIZEOF_UTILITY_RESULT_API_1_0 24

#ifdef TW_ABI_TEST_NEXT_MINOR
#define TW__NEXT_MINOR_GROWTH 8
#else
#define TW__NEXT_MINOR_GROWTH 0
#endif

/* Sizes in this version of the header. */
#define TW_SIZEOF_COLOR 32
#define TW_SIZEOF_VECTOR3 24
#define TW_SIZEOF_ANIMATION 48
#define TW_SIZEOF_PAYLOAD 24
#define TW_SIZEOF_BUILDER 24
#define TW_SIZEOF_MODIFIER_REGISTRATION (TW_SIZEOF_MODIFIER_REGISTRATION_1_0 + TW__NEXT_MINOR_GROWTH)
#define TW_SIZEOF_UTILITY_REGISTRATION (TW_SIZEOF_UTILITY_REGISTRATION_1_0 + TW__NEXT_MINOR_GROWTH)
#define TW_SIZEOF_RECIPE (TW_SIZEOF_RECIPE_1_0 + TW__NEXT_MINOR_GROWTH)
#define TW_SIZEOF_ANIMATION_PRESET (TW_SIZEOF_ANIMATION_PRESET_1_0 + TW__NEXT_MINOR_GROWTH)
#define TW_SIZEOF_DESCRIPTOR (TW_SIZEOF_DESCRIPTOR_1_0 + TW__NEXT_MINOR_GROWTH)
#define TW_SIZEOF_HOST_API TW_SIZEOF_HOST_API_1_0

TW_STATIC_ASSERT(sizeof(tw_color) == TW_SIZEOF_COLOR, "tw_color layout");
TW_STATIC_ASSERT(sizeof(tw_vector3) == TW_SIZEOF_VECTOR3, "tw_vector3 layout");
TW_STATIC_ASSERT(sizeof(tw_animation) == TW_SIZEOF_ANIMATION, "tw_animation layout");
TW_STATIC_ASSERT(sizeof(tw_payload) == TW_SIZEOF_PAYLOAD, "tw_payload layout");
TW_STATIC_ASSERT(sizeof(struct tw_builder) == TW_SIZEOF_BUILDER, "tw_builder layout");
TW_STATIC_ASSERT(sizeof(struct tw_parse_result) == TW_SIZEOF_BUILDER, "tw_parse_result layout");
TW_STATIC_ASSERT(sizeof(struct tw_theme) == TW_SIZEOF_BUILDER, "tw_theme layout");
TW_STATIC_ASSERT(sizeof(struct tw_utility_result) == TW_SIZEOF_BUILDER, "tw_utility_result layout");
TW_STATIC_ASSERT(sizeof(tw_modifier_registration) == TW_SIZEOF_MODIFIER_REGISTRATION,
                 "tw_modifier_registration layout");
TW_STATIC_ASSERT(offsetof(tw_modifier_registration, name) == 24, "registration name offset");
TW_STATIC_ASSERT(offsetof(tw_modifier_registration, factory) == 56, "registration factory offset");
TW_STATIC_ASSERT(sizeof(tw_utility_registration) == TW_SIZEOF_UTILITY_REGISTRATION,
                 "tw_utility_registration layout");
TW_STATIC_ASSERT(sizeof(tw_recipe) == TW_SIZEOF_RECIPE, "tw_recipe layout");
TW_STATIC_ASSERT(sizeof(tw_animation_preset) == TW_SIZEOF_ANIMATION_PRESET, "tw_animation_preset layout");
TW_STATIC_ASSERT(sizeof(tw_plugin_descriptor) == TW_SIZEOF_DESCRIPTOR, "tw_plugin_descriptor layout");
TW_STATIC_ASSERT(offsetof(tw_plugin_descriptor, struct_size) == 4, "descriptor struct_size offset");
TW_STATIC_ASSERT(offsetof(tw_plugin_descriptor, name) == 8, "descriptor name offset");
TW_STATIC_ASSERT(sizeof(tw_host_api) == TW_SIZEOF_HOST_API, "tw_host_api layout");
TW_STATIC_ASSERT(offsetof(tw_host_api, log) == 24, "tw_host_api log offset");
TW_STATIC_ASSERT(sizeof(tw_builder_api) == TW_SIZEOF_BUILDER_API_1_0, "tw_builder_api layout");
TW_STATIC_ASSERT(sizeof(tw_parse_result_api) == TW_SIZEOF_PARSE_RESULT_API_1_0, "tw_parse_result_api layout");
TW_STATIC_ASSERT(sizeof(tw_theme_api) == TW_SIZEOF_THEME_API_1_0, "tw_theme_api layout");
TW_STATIC_ASSERT(sizeof(tw_utility_result_api) == TW_SIZEOF_UTILITY_RESULT_API_1_0, "tw_utility_result_api layout");
#endif

#ifdef __cplusplus
}
#endif

#endif /* TW_PLUGIN_API_H */
