#pragma once
// Catch2 v3's header where it is installed, else v2's single header; and what every test shares.
#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>
#endif

// REQUIRE only when the condition fails: property tests check millions of shots, and a Catch
// assertion per shot would dominate the run time under the sanitizers.
#define ENSURE(...)                                                                                \
  do {                                                                                             \
    if (!(__VA_ARGS__)) REQUIRE(__VA_ARGS__);                                                      \
  } while (false)
