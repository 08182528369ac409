// Handles plugin code receives, valid only on their call's thread and only
// until the call returns (SPEC A-12; see CTWContainment.h). In C because this
// runs on every factory, parser and utility call: thread-local storage and
// plain stores, no reference counting.
#include "CTWContainment.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "TWPluginAPI.h"

enum { TWC_HANDLE_KINDS = 4, TWC_RING = 8 };

struct twc_handle_thread;

typedef struct twc_handle_record {
    struct tw_builder handle;             // what plugin code sees; all four handle kinds share this layout
    uint64_t generation;                  // written and read on the owning thread only
    void *payload;                        // written and read on the owning thread only
    _Atomic(const twc_site *) site;       // read by any thread, to count a late use
    struct twc_handle_thread *thread;     // never changes
    int32_t kind;                         // never changes
} twc_handle_record;

/// A thread's rings. Never freed: a plugin may keep one of its handles forever.
typedef struct twc_handle_thread {
    uint64_t generation;
    uint64_t live[TWC_HANDLE_KINDS]; // the generation of the call in progress, per kind; 0: none
    int next[TWC_HANDLE_KINDS];
    twc_handle_record records[TWC_HANDLE_KINDS][TWC_RING];
} twc_handle_thread;

TW_STATIC_ASSERT(sizeof(struct tw_parse_result) == sizeof(struct tw_builder), "one handle layout");
TW_STATIC_ASSERT(sizeof(struct tw_utility_result) == sizeof(struct tw_builder), "one handle layout");
TW_STATIC_ASSERT(sizeof(struct tw_theme) == sizeof(struct tw_builder), "one handle layout");

static _Thread_local twc_handle_thread *twc_handles;

static twc_handle_thread *twc_handle_thread_make(void) {
    twc_handle_thread *thread = calloc(1, sizeof *thread);
    if (thread == NULL) return NULL;
    for (int kind = 0; kind < TWC_HANDLE_KINDS; kind++) {
        for (int i = 0; i < TWC_RING; i++) {
            twc_handle_record *record = &thread->records[kind][i];
            record->handle.struct_size = (uint32_t)sizeof record->handle;
            record->handle.host = record;
            record->thread = thread;
            record->kind = kind;
        }
    }
    return thread;
}

void *twc_handle_open(int32_t kind, const void *api, void *payload, const twc_site *site,
                      twc_handle_token *token) {
    twc_handle_thread *thread = twc_handles;
    if (thread == NULL) thread = twc_handles = twc_handle_thread_make();
    if (thread == NULL || kind < 0 || kind >= TWC_HANDLE_KINDS) {
        *token = (twc_handle_token){NULL, 0};
        return NULL;
    }
    twc_handle_record *record = &thread->records[kind][thread->next[kind]];
    thread->next[kind] = (thread->next[kind] + 1) % TWC_RING;
    record->generation = ++thread->generation;
    record->payload = payload;
    atomic_store_explicit(&record->site, site, memory_order_relaxed);
    // The table stays in the handle after the call: a plugin that calls a kept
    // handle reaches a callback that ignores it, instead of a NULL pointer.
    record->handle.api = (const tw_builder_api *)api;
    *token = (twc_handle_token){record, thread->live[kind]};
    thread->live[kind] = record->generation;
    return &record->handle;
}

void twc_handle_close(twc_handle_token token) {
    twc_handle_record *record = token.record;
    if (record == NULL) return;
    record->thread->live[record->kind] = token.previous;
    record->payload = NULL;
}

void *twc_handle_payload(const void *handle, int32_t kind, const twc_site **late_site) {
    *late_site = NULL;
    if (handle == NULL) return NULL;
    const twc_handle_record *record = ((const struct tw_builder *)handle)->host;
    if (record == NULL) return NULL;
    // The owning thread is the only one that may read the rest: compare first.
    if (record->thread == twc_handles && record->kind == kind &&
        record->generation == record->thread->live[kind] && record->payload != NULL)
        return record->payload;
    *late_site = atomic_load_explicit(&((twc_handle_record *)record)->site, memory_order_relaxed);
    return NULL;
}
