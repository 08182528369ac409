// A plugin written in C++17 against TWPluginAPI.h alone, compiled by the tests
// with `g++ -std=c++17 -Wall -Wextra -Werror` (SPEC A-9):
//   outline-[points]  value, points, default 0: .border(.primary, width: points)
//   hush              view form: .opacity(active ? 0.5 : 1)
// (SwiftUI: View.border(_:width:) with a ShapeStyle, View.opacity(_:); iOS 13.)
#include <array>
#include <cstring>

#include "TWPluginAPI.h"

namespace {

void outline(tw_builder *b, void *, bool, double points) {
    b->api->begin(b, TW_NODE_MODIFIER, nullptr, "border");
    b->api->member(b, nullptr, "primary");
    b->api->number(b, "width", points);
    b->api->end(b);
}

void hush(tw_builder *b, void *, bool active) {
    b->api->begin(b, TW_NODE_MODIFIER, nullptr, "opacity");
    b->api->number(b, nullptr, active ? 0.5 : 1);
    b->api->end(b);
}

tw_modifier_registration registration(const char *name, int32_t form, int32_t type, const char *defaultArgument,
                                      tw_factory_fn factory) {
    tw_modifier_registration r;
    std::memset(&r, 0, sizeof r);
    r.struct_size = sizeof r;
    r.form = form;
    r.arg_type = type;
    r.name = name;
    r.default_argument = defaultArgument;
    r.factory = factory;
    return r;
}

const std::array<tw_modifier_registration, 2> modifiers = {
    registration("outline", TW_FORM_VALUE, TW_ARG_POINTS, "0", reinterpret_cast<tw_factory_fn>(outline)),
    registration("hush", TW_FORM_VIEW, TW_ARG_NONE, nullptr, reinterpret_cast<tw_factory_fn>(hush)),
};

tw_plugin_descriptor makeDescriptor() {
    tw_plugin_descriptor d;
    std::memset(&d, 0, sizeof d);
    d.abi_major = TW_ABI_MAJOR;
    d.abi_minor = TW_ABI_MINOR;
    d.struct_size = sizeof d;
    d.name = "cxx";
    d.version = "1.0.0";
    d.modifiers = modifiers.data();
    d.modifier_count = static_cast<uint32_t>(modifiers.size());
    return d;
}

const tw_plugin_descriptor descriptor = makeDescriptor();

TW_STATIC_ASSERT(sizeof(tw_plugin_descriptor) >= TW_SIZEOF_DESCRIPTOR_1_0, "the 1.0 pins hold in C++ too");

} // namespace

TW_PLUGIN_EXPORT const tw_plugin_descriptor *tw_plugin_entry(uint32_t host_abi_major, uint32_t, const tw_host_api *host,
                                                             const char **error_message) {
    if (host_abi_major != TW_ABI_MAJOR) {
        if (error_message) *error_message = "cxx needs plugin ABI 1.x";
        return nullptr;
    }
    if (TW_STRUCT_HAS(host, tw_host_api, log)) host->log(host, TW_LOG_INFO, "hello from C++");
    return &descriptor;
}
