/// @file bitboard.hpp
/// @brief A fixed-width set of cells stored as 64-bit words: the engine's basic data structure.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include <battleship/coord.hpp>

namespace battleship {

namespace detail {
/// For each byte value and rank r, the position of that byte's set bit of rank r (8 if none).
inline constexpr auto select_in_byte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    unsigned rank = 0;
    for (auto& position : table[byte]) position = 8;
    for (unsigned bit = 0; bit < 8; ++bit)
      if ((byte >> bit) & 1U) table[byte][rank++] = static_cast<std::uint8_t>(bit);
  }
  return table;
}();

/// Position of the set bit of rank `k` (0 = lowest) in `word`, which has more than `k` set bits.
///
/// Without a branch, so a random rank costs no misprediction: byte-wise popcounts summed into
/// running totals by one multiplication, the byte holding the bit found by comparing all eight
/// totals with `k` at once, then a table lookup inside that byte.
[[nodiscard]] constexpr std::size_t select_bit(std::uint64_t word, unsigned k) noexcept {
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
  constexpr std::uint64_t highs = 0x8080808080808080ULL;
  std::uint64_t counts = word - ((word >> 1) & 0x5555555555555555ULL);
  counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
  counts = (counts + (counts >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  const std::uint64_t totals = counts * ones; // byte b: set bits in bytes 0..b (at most 64)
  // Byte b's high bit survives when totals_b <= k (both below 128, so no borrow crosses bytes);
  // the totals grow with b, so the surviving bytes are the ones before the bit's byte.
  const auto byte = static_cast<unsigned>(std::popcount((((k * ones) | highs) - totals) & highs));
  const auto before = static_cast<unsigned>(((totals << 8) >> (8 * byte)) & 0xFF);
  const auto bits = static_cast<unsigned>((word >> (8 * byte)) & 0xFF);
  return 8 * byte + select_in_byte[bits][k - before];
}
} // namespace detail

/// A set of cell indices in `[0, Bits)`, one bit per cell, packed in 64-bit words.
///
/// Everything is constexpr and allocation-free; operations work a word at a time, so a 10 x 10
/// board costs two words. Bits at or beyond `Bits` are always zero (the class keeps that invariant
/// for every operation, including complement and shifts).
template <std::size_t Bits>
requires(Bits >= 1 && Bits <= max_board_cells) class Bitboard {
public:
  /// Number of 64-bit words used.
  static constexpr std::size_t words = (Bits + 63) / 64;
  /// Number of representable cells.
  static constexpr std::size_t bits = Bits;

  /// The empty set.
  constexpr Bitboard() noexcept = default;

  /// The set holding every index in `[0, n)`; `n` is clamped to `Bits`.
  [[nodiscard]] static constexpr Bitboard first_n(std::size_t n) noexcept {
    Bitboard b;
    if (n > Bits) n = Bits;
    for (std::size_t w = 0; w < words && n > 0; ++w) {
      const std::size_t take = n < 64 ? n : 64;
      b.w_[w] = take == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << take) - 1;
      n -= take;
    }
    return b;
  }

  /// Whether index `i` is in the set. `i` must be below `Bits`.
  [[nodiscard]] constexpr bool test(std::size_t i) const noexcept {
    return (w_[i / 64] >> (i % 64)) & 1U;
  }
  /// Whether index `i` is in this set or in `o`: `(*this | o).test(i)` with one test.
  [[nodiscard]] constexpr bool test_either(const Bitboard& o, std::size_t i) const noexcept {
    return ((w_[i / 64] | o.w_[i / 64]) >> (i % 64)) & 1U;
  }
  /// Adds index `i`.
  constexpr Bitboard& set(std::size_t i) noexcept {
    w_[i / 64] |= std::uint64_t{1} << (i % 64);
    return *this;
  }
  /// Removes index `i`.
  constexpr Bitboard& reset(std::size_t i) noexcept {
    w_[i / 64] &= ~(std::uint64_t{1} << (i % 64));
    return *this;
  }
  /// Removes every index.
  constexpr void clear() noexcept { w_ = {}; }

  /// Number of indices in the set.
  [[nodiscard]] constexpr int count() const noexcept {
    int n = 0;
    for (auto w : w_) n += std::popcount(w);
    return n;
  }
  /// Whether the set is non-empty.
  [[nodiscard]] constexpr bool any() const noexcept {
    for (auto w : w_)
      if (w) return true;
    return false;
  }
  /// Whether the set is empty.
  [[nodiscard]] constexpr bool none() const noexcept { return !any(); }
  /// Whether this set and `o` share an index (cheaper than `(a & b).any()`).
  [[nodiscard]] constexpr bool intersects(const Bitboard& o) const noexcept {
    for (std::size_t i = 0; i < words; ++i)
      if (w_[i] & o.w_[i]) return true;
    return false;
  }
  /// Whether every index of this set is also in `o`.
  [[nodiscard]] constexpr bool subset_of(const Bitboard& o) const noexcept {
    for (std::size_t i = 0; i < words; ++i)
      if (w_[i] & ~o.w_[i]) return false;
    return true;
  }

  /// The smallest index in the set, or `Bits` if the set is empty.
  [[nodiscard]] constexpr std::size_t first() const noexcept {
    for (std::size_t w = 0; w < words; ++w)
      if (w_[w]) return w * 64 + static_cast<std::size_t>(std::countr_zero(w_[w]));
    return Bits;
  }

  /// The `k`-th smallest index (k counted from 0); `k` must be below `count()`.
  [[nodiscard]] constexpr std::size_t nth(int k) const noexcept {
    // Finds the word by selects rather than branches: a random k would mispredict them.
    auto rank = static_cast<unsigned>(k);
    std::size_t w = 0;
    for (std::size_t j = 0; j + 1 < words; ++j) {
      const auto here = static_cast<unsigned>(std::popcount(w_[j]));
      const auto past = static_cast<unsigned>((w == j) & (rank >= here)); // 0 or 1
      rank -= here & (0U - past); // masks, not branches: g++ turns `past ? here : 0` into a jump
      w += past;
    }
    if (rank >= static_cast<unsigned>(std::popcount(w_[w]))) return Bits;
    return w * 64 + detail::select_bit(w_[w], rank);
  }

  /// Calls `f(index)` for every index in increasing order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t word = w_[w]; word; word &= word - 1)
        f(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
    }
  }

  /// Union.
  constexpr Bitboard& operator|=(const Bitboard& o) noexcept {
    for (std::size_t i = 0; i < words; ++i) w_[i] |= o.w_[i];
    return *this;
  }
  /// Intersection.
  constexpr Bitboard& operator&=(const Bitboard& o) noexcept {
    for (std::size_t i = 0; i < words; ++i) w_[i] &= o.w_[i];
    return *this;
  }
  /// Symmetric difference.
  constexpr Bitboard& operator^=(const Bitboard& o) noexcept {
    for (std::size_t i = 0; i < words; ++i) w_[i] ^= o.w_[i];
    return *this;
  }
  /// Difference: removes every index of `o`.
  constexpr Bitboard& operator-=(const Bitboard& o) noexcept {
    for (std::size_t i = 0; i < words; ++i) w_[i] &= ~o.w_[i];
    return *this;
  }
  /// Union.
  [[nodiscard]] friend constexpr Bitboard operator|(Bitboard a, const Bitboard& b) noexcept {
    return a |= b;
  }
  /// Intersection.
  [[nodiscard]] friend constexpr Bitboard operator&(Bitboard a, const Bitboard& b) noexcept {
    return a &= b;
  }
  /// Symmetric difference.
  [[nodiscard]] friend constexpr Bitboard operator^(Bitboard a, const Bitboard& b) noexcept {
    return a ^= b;
  }
  /// Difference `a \ b`.
  [[nodiscard]] friend constexpr Bitboard operator-(Bitboard a, const Bitboard& b) noexcept {
    return a -= b;
  }
  /// Complement within `[0, Bits)`.
  [[nodiscard]] constexpr Bitboard operator~() const noexcept {
    Bitboard r;
    for (std::size_t i = 0; i < words; ++i) r.w_[i] = ~w_[i];
    r.trim();
    return r;
  }

  /// The set with every index moved up by `n` (`i -> i + n`); indices reaching `Bits` drop out.
  [[nodiscard]] constexpr Bitboard shifted_up(std::size_t n) const noexcept {
    Bitboard r;
    const std::size_t ws = n / 64, bs = n % 64;
    for (std::size_t i = words; i-- > ws;) {
      std::uint64_t v = w_[i - ws] << bs;
      if (bs && i - ws >= 1) v |= w_[i - ws - 1] >> (64 - bs);
      r.w_[i] = v;
    }
    r.trim();
    return r;
  }
  /// The set with every index moved down by `n` (`i -> i - n`); indices below `n` drop out.
  [[nodiscard]] constexpr Bitboard shifted_down(std::size_t n) const noexcept {
    Bitboard r;
    const std::size_t ws = n / 64, bs = n % 64;
    for (std::size_t i = 0; i + ws < words; ++i) {
      std::uint64_t v = w_[i + ws] >> bs;
      if (bs && i + ws + 1 < words) v |= w_[i + ws + 1] << (64 - bs);
      r.w_[i] = v;
    }
    return r;
  }

  /// Read access to the packed words (for hashing and serialisation).
  [[nodiscard]] constexpr const std::array<std::uint64_t, words>& data() const noexcept {
    return w_;
  }

  /// Sets are equal when they hold the same indices.
  friend constexpr bool operator==(const Bitboard&, const Bitboard&) noexcept = default;

private:
  constexpr void trim() noexcept {
    if constexpr (Bits % 64 != 0) w_[words - 1] &= (std::uint64_t{1} << (Bits % 64)) - 1;
  }

  std::array<std::uint64_t, words> w_{};
};

} // namespace battleship
