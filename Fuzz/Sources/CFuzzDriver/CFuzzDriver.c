// Declarations only: the header names libFuzzer's driver, which the fuzzer sanitizer links.
#include "CFuzzDriver.h"
