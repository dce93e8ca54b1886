#ifndef C_FUZZ_DRIVER_H
#define C_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt's FuzzerDriver.cpp, linked by `-sanitize=fuzzer`): parses
/// the libFuzzer flags in argv and runs `callback` on each input. The fuzzers call it from
/// their entry point, because SwiftPM links an executable target's `main` to a function named
/// after the target (`<Target>_main`) rather than libFuzzer's own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
