// Internals of the density shooters: the largest value of a per-cell array and the cells holding
// it, written as plain fixed-length loops that compilers turn into vector code (no intrinsics).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace battleship::detail {

// The sum of `value(n)` over the cells n that share an edge with cell `c` of a row-major board
// `cols` wide and `cells` in all: how covered a cell's neighbours are, the density shooters'
// tie-break (the hunt spreads out as a parity pattern does).
template <class F>
[[nodiscard]] auto edge_neighbour_sum(std::size_t c, std::size_t cols, std::size_t cells,
                                      F&& value) {
  decltype(value(c)) sum{};
  if (c % cols > 0) sum += value(c - 1);
  if (c % cols + 1 < cols) sum += value(c + 1);
  if (c >= cols) sum += value(c - cols);
  if (c + cols < cells) sum += value(c + cols);
  return sum;
}

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

// How many bits of `words` just below bit `p` (p - 1, p - 2, ...) are set, at most 64.
template <std::size_t Words>
[[nodiscard]] int ones_below(const std::array<std::uint64_t, Words>& words,
                             std::size_t p) noexcept {
  const std::size_t q = p / 64, r = p % 64;
  // Bit 63 of `bits` is bit p - 1: those of word q below p, then the previous word's.
  const std::uint64_t previous = q > 0 ? words[q - 1] : 0;
  const std::uint64_t bits = ((words[q] << (63 - r)) << 1) | (previous >> r);
  return std::countl_one(bits);
}

// How many bits of `words` just above bit `p` (p + 1, p + 2, ...) are set, at most 64.
template <std::size_t Words>
[[nodiscard]] int ones_above(const std::array<std::uint64_t, Words>& words,
                             std::size_t p) noexcept {
  const std::size_t q = p / 64, r = p % 64;
  // Bit 0 of `bits` is bit p + 1: those of word q above p, then the next word's.
  const std::uint64_t next = q + 1 < Words ? words[q + 1] : 0;
  const std::uint64_t bits = ((words[q] >> r) >> 1) | (next << (63 - r));
  return std::countr_one(bits);
}

// The bits of `words`, one byte (0 or 1) per bit: bit c goes to out[c] (64 bytes a word).
template <std::size_t Words>
void spread_bytes(const std::array<std::uint64_t, Words>& words, std::uint8_t* out) noexcept {
  static constexpr auto table = [] {
    std::array<std::uint64_t, 256> t{};
    for (std::size_t b = 0; b < 256; ++b)
      for (std::size_t j = 0; j < 8; ++j)
        if constexpr (std::endian::native == std::endian::little)
          t[b] |= std::uint64_t{(b >> j) & 1U} << (8 * j);
        else
          t[b] |= std::uint64_t{(b >> j) & 1U} << (8 * (7 - j));
    return t;
  }();
  for (std::size_t w = 0; w < Words; ++w)
    for (std::size_t g = 0; g < 8; ++g)
      std::memcpy(out + 64 * w + 8 * g, &table[(words[w] >> (8 * g)) & 0xff], 8);
}

} // namespace battleship::detail
