#include "catch_shim.hpp"

#include <battleship/bitboard.hpp>
#include <battleship/board.hpp>
#include <battleship/rng.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>

#include <set>
#include <vector>

namespace test_bitboard {

using battleship::Bitboard;

namespace {
template <std::size_t N>
std::vector<std::size_t> members(const Bitboard<N>& b) {
  std::vector<std::size_t> out;
  b.for_each([&](std::size_t i) { out.push_back(i); });
  return out;
}
} // namespace

TEST_CASE("a bitboard holds exactly the indices set into it", "[bitboard]") {
  Bitboard<100> b;
  CHECK(b.none());
  b.set(0).set(63).set(64).set(99);
  CHECK(b.count() == 4);
  CHECK(b.test(63));
  CHECK(b.test(64));
  CHECK_FALSE(b.test(62));
  CHECK(members(b) == std::vector<std::size_t>{0, 63, 64, 99});
  b.reset(63);
  CHECK(members(b) == std::vector<std::size_t>{0, 64, 99});
  CHECK(b.first() == 0);
  CHECK(b.nth(0) == 0);
  CHECK(b.nth(1) == 64);
  CHECK(b.nth(2) == 99);
}

TEST_CASE("complement and shifts never set bits beyond the capacity", "[bitboard]") {
  const auto all = ~Bitboard<100>{};
  CHECK(all.count() == 100);
  CHECK(all == Bitboard<100>::first_n(100));
  CHECK(all.shifted_up(1).count() == 99);
  CHECK(all.shifted_down(1).count() == 99);
  CHECK(all.shifted_up(70).count() == 30);
  CHECK(all.shifted_down(70).count() == 30);
  CHECK(all.shifted_up(100).none());
}

TEST_CASE("shifts move every index by the same amount across word boundaries", "[bitboard]") {
  Bitboard<200> b;
  b.set(0).set(62).set(63).set(127).set(150);
  for (std::size_t n : {1U, 2U, 10U, 63U, 64U, 65U, 100U}) {
    std::vector<std::size_t> up, down;
    for (auto i : members(b)) {
      if (i + n < 200) up.push_back(i + n);
      if (i >= n) down.push_back(i - n);
    }
    CHECK(members(b.shifted_up(n)) == up);
    CHECK(members(b.shifted_down(n)) == down);
  }
}

TEST_CASE("set algebra matches std::set", "[bitboard]") {
  Bitboard<130> a, b;
  std::set<std::size_t> sa, sb;
  for (std::size_t i = 0; i < 130; i += 3) a.set(i), sa.insert(i);
  for (std::size_t i = 0; i < 130; i += 5) b.set(i), sb.insert(i);
  int both = 0, either = 0, only_a = 0;
  for (std::size_t i = 0; i < 130; ++i) {
    both += sa.count(i) && sb.count(i);
    either += sa.count(i) || sb.count(i);
    only_a += sa.count(i) && !sb.count(i);
  }
  CHECK((a & b).count() == both);
  CHECK((a | b).count() == either);
  CHECK((a - b).count() == only_a);
  CHECK((a ^ b).count() == either - both);
  CHECK(a.intersects(b));
  CHECK((a & b).subset_of(a));
  CHECK_FALSE(a.subset_of(b));
}

TEST_CASE("a bitboard is usable in constant expressions", "[bitboard]") {
  constexpr auto b = Bitboard<100>{}.set(5).set(70);
  static_assert(b.count() == 2);
  static_assert(b.test(70));
  static_assert(b.shifted_up(1).test(71));
  CHECK(b.count() == 2);
}

TEST_CASE("board dilation grows a cell by its edge or corner neighbours without wrapping",
          "[board]") {
  battleship::Board<battleship::FixedShape<4, 5>> board;
  using battleship::Coord;
  auto one = [&](Coord c) {
    typename decltype(board)::bitboard_type b;
    b.set(board.index(c));
    return b;
  };
  CHECK(board.dilate4(one({0, 0})).count() == 3);
  CHECK(board.dilate8(one({0, 0})).count() == 4);
  CHECK(board.dilate4(one({1, 1})).count() == 5);
  CHECK(board.dilate8(one({1, 1})).count() == 9);
  // A right-edge cell must not leak into the next row's first column.
  const auto right = board.dilate8(one({1, 4}));
  CHECK(right.count() == 6);
  CHECK_FALSE(right.test(board.index(Coord{2, 0})));
  CHECK_FALSE(right.test(board.index(Coord{1, 0})));
  // A left-edge cell must not leak into the previous row's last column.
  const auto left = board.dilate4(one({2, 0}));
  CHECK(left.count() == 4);
  CHECK_FALSE(left.test(board.index(Coord{1, 4})));
  CHECK(board.neighbours4(Coord{3, 4}).count() == 2);
}

TEST_CASE("a placement's cells, last cell, covers and mask agree for every placement on a board",
          "[board]") {
  using namespace battleship;
  const Board<FixedShape<4, 5>> board;
  int placements = 0;
  for (const Orientation o : {Orientation::horizontal, Orientation::vertical})
    for (int length = 1; length <= 5; ++length)
      for (int r = -1; r <= 4; ++r)
        for (int c = -1; c <= 5; ++c) {
          const Placement p{{r, c}, o, length};
          std::set<std::pair<int, int>> cells;
          for (int i = 0; i < length; ++i) cells.insert({p.cell(i).row, p.cell(i).col});
          REQUIRE(cells.size() == static_cast<std::size_t>(length));
          CHECK(p.last() == p.cell(length - 1));
          // covers answers for cells on and off the board, around the ship too.
          for (int rr = -2; rr <= 6; ++rr)
            for (int cc = -2; cc <= 7; ++cc)
              CHECK(p.covers(Coord{rr, cc}) == (cells.count({rr, cc}) == 1));
          const bool on_board = std::all_of(cells.begin(), cells.end(), [&](const auto& rc) {
            return board.contains(Coord{rc.first, rc.second});
          });
          CHECK(board.contains(p) == on_board);
          if (!on_board) continue;
          ++placements;
          const auto mask = board.mask(p);
          CHECK(mask.count() == length);
          for (const auto& [rr, cc] : cells) CHECK(mask.test(board.index(Coord{rr, cc})));
        }
  // Horizontal: 4 rows x (6 - length) columns; vertical: (5 - length) rows x 5 columns.
  int expected = 0;
  for (int length = 1; length <= 5; ++length)
    expected += 4 * (6 - length) + std::max(0, 5 - length) * 5;
  CHECK(placements == expected);
}

TEST_CASE("rotating an orientation gives the other one, and rotating twice gives it back",
          "[board]") {
  using battleship::Orientation;
  CHECK(rotated(Orientation::horizontal) == Orientation::vertical);
  CHECK(rotated(Orientation::vertical) == Orientation::horizontal);
  for (const Orientation o : {Orientation::horizontal, Orientation::vertical})
    CHECK(rotated(rotated(o)) == o);
}

TEST_CASE("a runtime-sized board keeps its cells inside the capacity", "[board]") {
  using Shape = battleship::DynamicShape<128>;
  battleship::Board<Shape> board(Shape{3, 7});
  CHECK(board.all().count() == 21);
  const auto grown = board.dilate8(board.all());
  CHECK(grown == board.all());
  CHECK(board.mask(battleship::Placement{{0, 6}, battleship::Orientation::vertical, 3}).count() ==
        3);
  CHECK_THROWS_AS(Shape(12, 12), std::invalid_argument);
  CHECK_THROWS_AS(Shape(0, 5), std::invalid_argument);
}

TEST_CASE("select_bit finds the set bit of every rank in words of every density", "[bitboard]") {
  battleship::Rng rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    // Sparse, half and dense words, plus the extremes of the halving steps.
    std::uint64_t word = rng();
    if (trial % 3 == 0) word &= rng() & rng();
    if (trial % 3 == 1) word |= rng() | rng();
    if (trial == 0) word = ~std::uint64_t{0};
    if (trial == 1) word = std::uint64_t{1} << 63;
    if (word == 0) continue;
    unsigned rank = 0;
    for (std::size_t bit = 0; bit < 64; ++bit) {
      if (((word >> bit) & 1U) == 0) continue;
      INFO("word " << word << " rank " << rank);
      REQUIRE(battleship::detail::select_bit(word, rank) == bit);
      ++rank;
    }
  }
}

namespace {
// Every rank of 300 random sets (empty to dense, some with the low half cleared) against a scan.
template <std::size_t N>
void check_nth_against_a_scan() {
  battleship::Rng rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    Bitboard<N> b;
    for (std::size_t i = 0; i < N; ++i)
      if (rng.below(8U) < static_cast<std::uint32_t>(trial % 9)) b.set(i);
    if (trial % 10 == 9) b -= Bitboard<N>::first_n(N / 2);
    const auto cells = members(b);
    INFO("capacity " << N << " trial " << trial << " count " << cells.size());
    for (std::size_t rank = 0; rank < cells.size(); ++rank)
      REQUIRE(b.nth(static_cast<int>(rank)) == cells[rank]);
    CHECK(b.nth(static_cast<int>(cells.size())) == N); // past the last: the capacity
  }
}
} // namespace

TEST_CASE("nth finds every rank in sets of one to four words", "[bitboard]") {
  check_nth_against_a_scan<50>();
  check_nth_against_a_scan<100>();
  check_nth_against_a_scan<200>();
  check_nth_against_a_scan<256>();
}

} // namespace test_bitboard
