// The test runner's main: from the Catch2WithMain library where the installed Catch2 has one (v3,
// and Debian's 2.13.10), else from the single header.
#ifndef BATTLESHIP_CATCH_WITH_MAIN
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#endif
