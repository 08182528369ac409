/// The files of a generated C plugin project.
struct CPluginProject {
    var name: String
    var sdk: AuthoringSDK

    var files: [PluginScaffold.File] {
        [
            .init(path: "\(name).c", contents: source),
            .init(path: "Makefile", contents: makefile),
            .init(path: "scene.json", contents: SampleScene.json(plugin: name)),
            .init(path: "README.md", contents: readme),
            .init(path: ".gitignore", contents: "# Build output\n*.so\n*.o\n"),
        ]
    }

    var source: String {
        """
        /*
         * The \(name) twhost plugin, written against the plugin ABI header alone.
         *
         *   \(name)-glow          view: a soft white shadow whose opacity follows the class
         *   \(name)-lift-[points] value, points, default 0: moves the view up
         *
         * Every SwiftUI call it describes is Apple's: View.shadow(color:radius:x:y:)
         * and View.offset(x:y:).
         */
        #include "TWPluginAPI.h"

        /* The same structure active or not: only the shadow's opacity changes, and
         * a clear shadow is neutral. */
        static void glow(tw_builder *b, void *context, bool active) {
            (void)context;
            tw_color white = {1, 1, 1, active ? 0.8 : 0};
            b->api->begin(b, TW_NODE_MODIFIER, NULL, "shadow");
            b->api->color(b, "color", white);
            b->api->number(b, "radius", 8);
            b->api->number(b, "x", 0);
            b->api->number(b, "y", 0);
            b->api->end(b);
        }

        /* The host passes the class's value, or the default 0 when the class is
         * absent: .offset(x: 0, y: 0) is neutral. */
        static void lift(tw_builder *b, void *context, bool active, double points) {
            (void)context;
            (void)active;
            b->api->begin(b, TW_NODE_MODIFIER, NULL, "offset");
            b->api->number(b, "x", 0);
            b->api->number(b, "y", -points);
            b->api->end(b);
        }

        static const tw_modifier_registration modifiers[] = {
            {
                .struct_size = sizeof(tw_modifier_registration),
                .form = TW_FORM_VIEW,
                .name = "\(name)-glow",
                .factory = (tw_factory_fn)glow,
            },
            {
                .struct_size = sizeof(tw_modifier_registration),
                .form = TW_FORM_VALUE,
                .arg_type = TW_ARG_POINTS,
                .name = "\(name)-lift",
                .default_argument = "0",
                .factory = (tw_factory_fn)lift,
            },
        };

        static const tw_plugin_descriptor descriptor = {
            .abi_major = TW_ABI_MAJOR,
            .abi_minor = TW_ABI_MINOR,
            .struct_size = sizeof(tw_plugin_descriptor),
            .name = "\(name)",
            .version = "0.1.0",
            .modifiers = modifiers,
            .modifier_count = sizeof(modifiers) / sizeof(modifiers[0]),
        };

        TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor,
                                                                     const tw_host_api *host, const char **error_message) {
            (void)host_abi_minor;
            (void)host;
            if (host_abi_major != TW_ABI_MAJOR) {
                *error_message = "\(name) needs plugin ABI 1.x";
                return NULL;
            }
            return &descriptor;
        }

        """
    }

    var makefile: String {
        """
        # The \(name) twhost plugin, in C. `make` builds lib\(name).so; `make check` also
        # runs `twhost plugins check` on it and resolves scene.json with it.
        #
        # The plugin header and twhost come from pkg-config when a twhost SDK is
        # installed (Scripts/install.sh PREFIX, then PKG_CONFIG_PATH=PREFIX/lib/pkgconfig),
        # and otherwise from the twhost that generated this project. Either can be
        # given: make check TWHOST=/path/to/twhost PLUGIN_CFLAGS="-I /path/to/include"
        PKG_CONFIG ?= pkg-config
        ifeq ($(shell $(PKG_CONFIG) --exists twhost-plugin 2>/dev/null && echo yes),yes)
        PLUGIN_CFLAGS ?= $(shell $(PKG_CONFIG) --cflags twhost-plugin)
        TWHOST ?= $(shell $(PKG_CONFIG) --variable=twhost twhost-plugin)
        else
        PLUGIN_CFLAGS ?= -I \(makeWord(sdk.includeDirectory))
        TWHOST ?= \(makeWord(sdk.twhost))
        endif
        CC ?= cc
        CFLAGS ?= -std=c11 -O2 -Wall -Wextra -Werror -fvisibility=hidden

        lib\(name).so: \(name).c
        \t$(CC) $(CFLAGS) $(PLUGIN_CFLAGS) -shared -fPIC -o $@ \(name).c

        check: lib\(name).so
        \t$(TWHOST) plugins check ./lib\(name).so
        \t$(TWHOST) resolve --plugin-path '$(CURDIR)' scene.json

        clean:
        \trm -f lib\(name).so

        .PHONY: check clean

        """
    }

    var readme: String {
        """
        # \(name)

        A twhost modifier plugin in C, generated by `twhost plugins new \(name) --lang c`.

        | class | form | SwiftUI |
        |---|---|---|
        | `\(name)-glow` | view | `.shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)`, clear when absent |
        | `\(name)-lift-[points]` | value, points, default 0 | `.offset(x: 0, y: -points)` |

        ```sh
        make            # builds lib\(name).so
        make check      # builds it, runs `twhost plugins check` on it, resolves scene.json
        ```

        The header (`TWPluginAPI.h`) and `twhost` come from `pkg-config twhost-plugin`
        when a twhost SDK is installed, else from the twhost that generated this
        project (see the Makefile). In CI, run `make check`: it fails when the plugin
        does not build, when `plugins check` finds an error, or when a surface of
        scene.json is left undecorated.

        Rename the registrations, change what the factories describe, and keep the
        rule that matters most: when its class is absent, a factory describes the
        same modifiers with neutral values. twhost's docs/PluginAuthoring.md has the
        whole path, and the header's comments the ownership and threading rules.

        """
    }
}

/// A value for a Makefile variable that the shell reads as one word (`$` doubled for make).
func makeWord(_ text: String) -> String {
    var out = ""
    for character in shellQuoted(text) { out += character == "$" ? "$$" : String(character) }
    return out
}

/// The sample scene of a generated project: one surface per sample class and
/// one without, whose inactive slots show the neutral forms.
enum SampleScene {
    static func json(plugin name: String) -> String {
        """
        {
          "scene": 1,
          "name": "\(name) sample",
          "rules": { "plugins": ["\(name)"] },
          "root": {
            "type": "VStack",
            "children": [
              { "type": "Text", "text": "Glowing", "tw": "p-4 rounded-lg \(name)-glow" },
              { "type": "Text", "text": "Lifted", "tw": "p-4 \(name)-lift-[6] hover:\(name)-lift-[8]" },
              { "type": "Text", "text": "Plain", "tw": "p-4" }
            ]
          }
        }

        """
    }
}
