/*
 * libffi for Swift. libffi's ffi_type_* descriptors are mutable C globals,
 * which Swift 6's strict concurrency rejects when named directly; these
 * accessors hand out their addresses instead. libffi never writes to them
 * after initialisation, so sharing them across threads is safe.
 */
#ifndef TW_CFFI_H
#define TW_CFFI_H
#include <ffi.h>

static inline ffi_type *twffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *twffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *twffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *twffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *twffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *twffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_abi twffi_default_abi(void) { return FFI_DEFAULT_ABI; }
static inline unsigned short twffi_struct_type_code(void) { return FFI_TYPE_STRUCT; }
static inline int twffi_ok(void) { return FFI_OK; }
#endif
