// Internals of the density shooters: the largest value of a per-cell array and the cells holding
// it, written as plain fixed-length loops that compilers turn into vector code (no intrinsics).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace battleship::detail {

// The largest of `values` (at least `floor`). A conditional rather than std::max: GCC
// vectorises this form of the reduction at -O2.
template <class T, std::size_t N>
[[nodiscard]] T max_value(const std::array<T, N>& values, T floor = T{}) noexcept {
  T top = floor;
  for (std::size_t c = 0; c < N; ++c) top = values[c] > top ? values[c] : top;
  return top;
}

// Bit c of word w is set iff values[64 w + c] == x: one compare per cell into a byte array (a
// vector compare), then every 8 bytes, each 0 or 1, are gathered into 8 bits by one
// multiplication (byte j's bit lands at bit 56 + j; the sum never carries).
template <std::size_t Words, class T, std::size_t N>
[[nodiscard]] std::array<std::uint64_t, Words> equal_mask(const std::array<T, N>& values,
                                                          T x) noexcept {
  static_assert(N == Words * 64, "one word per 64 values");
  std::array<std::uint64_t, Words> mask{};
  for (std::size_t w = 0; w < Words; ++w) {
    if constexpr (std::endian::native == std::endian::little) {
      std::array<std::uint8_t, 64> equal;
      for (std::size_t c = 0; c < 64; ++c) equal[c] = values[w * 64 + c] == x;
      for (std::size_t g = 0; g < 8; ++g) {
        std::uint64_t bytes = 0;
        std::memcpy(&bytes, equal.data() + 8 * g, 8);
        mask[w] |= ((bytes * 0x0102040810204080ULL) >> 56) << (8 * g);
      }
    } else { // the byte trick needs the little-endian byte order
      for (std::size_t c = 0; c < 64; ++c) mask[w] |= std::uint64_t{values[w * 64 + c] == x} << c;
    }
  }
  return mask;
}

} // namespace battleship::detail
