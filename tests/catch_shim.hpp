#pragma once
// Catch2 v3's header where it is installed, else v2's single header; and what every test shares.
#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#else
#include <catch2/catch.hpp>
#endif

#include <stdexcept>
#include <string>

// REQUIRE only when the condition fails: property tests check millions of shots, and a Catch
// assertion per shot would dominate the run time under the sanitizers.
#define ENSURE(...)                                                                                \
  do {                                                                                             \
    if (!(__VA_ARGS__)) REQUIRE(__VA_ARGS__);                                                      \
  } while (false)

// `value` within `margin`, absolutely, for results that must be exact up to rounding. A bare
// `Approx(value).margin(m)` would still pass anything within its default relative epsilon (about
// 1.2e-5), an error in the fifth digit.
inline auto exactly(double value, double margin = 1e-12) {
  return Approx(value).epsilon(1e-15).margin(margin);
}

// The message of the `std::invalid_argument` that `f()` throws ("" if it throws none): what a
// refusal says, for tests that compare it word for word.
template <class F>
std::string invalid_argument_of(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}
