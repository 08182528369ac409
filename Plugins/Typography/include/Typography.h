// The Typography plugin exports only tw_plugin_entry (see TWPluginAPI.h).
#ifndef TYPOGRAPHY_PLUGIN_H
#define TYPOGRAPHY_PLUGIN_H
#include "TWPluginAPI.h"
#endif
