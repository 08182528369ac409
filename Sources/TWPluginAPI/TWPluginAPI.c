// The ABI is the header alone; this file only makes it a buildable C target,
// and compiling the header here enforces its TW_STATIC_ASSERT layout pins.
#include "TWPluginAPI.h"

typedef int tw_plugin_api_translation_unit;
