// The test runner's main (Catch2 2.13 from Debian; with Catch2 v3, Catch2WithMain provides it).
#ifndef BATTLESHIP_CATCH_V3
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#endif
