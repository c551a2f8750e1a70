/// @file strategies/optimal.hpp
/// @brief Perfect play on small boards: the least expected shots any shooter can reach against
/// uniformly random layouts, found by exhaustive search, and the shooter that plays it.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/layouts.hpp>
#include <battleship/ocean.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// How large a problem `OptimalSearch` takes on before it gives up with `std::length_error`.
struct OptimalLimits {
  /// Most layouts of the fleet on the board (every one is kept in memory).
  std::size_t max_layouts = 200'000;
  /// Most positions solved and remembered (about 50 bytes each).
  std::size_t max_positions = 4'000'000;
  /// When not null, checked at each position solved: once it is true the search stops with
  /// `SearchCancelled` (a caller's Ctrl-C, say; a search can take minutes).
  const std::atomic<bool>* cancel = nullptr;
  /// When not null, set to the number of positions solved so far each time one is remembered:
  /// another thread can read it to report progress against `max_positions`.
  std::atomic<std::uint64_t>* solved = nullptr;
};

/// Thrown by `OptimalSearch` when `OptimalLimits::cancel` turns true during a search.
struct SearchCancelled : std::runtime_error {
  SearchCancelled() : std::runtime_error("the search was cancelled") {}
};

/// The optimal policy of the one-shot-a-turn game, found by exhaustive search: for any position,
/// the fewest expected shots to sink the fleet and the shot that achieves it.
///
/// The prior is the uniform one over complete labelled layouts (every layout `UniformPlacer` can
/// draw is equally likely). A position is the set of layouts that fit everything the shooter was
/// told, with the cells it shot; its value is 1 + the mean value of the positions a shot leads to,
/// minimised over the shot, and 0 once the fleet is sunk. The announcements are the rules' own
/// (`disclose`: what sinking reveals, the game's end), and the touching rule decides which
/// layouts exist.
///
/// Solved positions are remembered up to the board's reflections and rotations, keyed by a
/// 128-bit fingerprint of their layouts and of the shots that matter to them, so the shots of a
/// whole optimal game, or of many, cost one search. Bounds prune without changing the answer:
/// every unshot ship cell must still be fired at; before the next hit the k-th shot misses in
/// every layout but those the k likeliest cells cover; a certain hit is fired at at once (delaying
/// a shot every layout needs can only lose information); and a position only asked whether it
/// beats a cutoff stops once its bounds pass it. This is the yardstick for issue 6's known optima
/// (3 x 3 {2}: 4.5, ..., 4 x 4 {2, 2}: 8.6696), which it reproduces, and for how far any shooter
/// is from perfect on boards small enough to solve (`exact_mean_shots`, `bench_optimal`).
template <BoardShape S>
class OptimalSearch {
public:
  /// The bitboard type of the board.
  using bitboard_type = typename Board<S>::bitboard_type;

  /// A position: the layouts that fit what the shooter was told, and the cells it has shot.
  struct Position {
    std::vector<std::uint32_t> layouts; ///< Ascending indices of the layouts that fit.
    bitboard_type shots;                ///< Cells shot so far.
  };

  /// Lists every layout of `fleet` on `board` under `rules.touching`.
  ///
  /// Throws `std::invalid_argument` when the fleet or the rules are invalid or no layout fits,
  /// and `std::length_error` past `limits.max_layouts` layouts.
  OptimalSearch(const Board<S>& board, const Fleet& fleet, const Rules& rules,
                OptimalLimits limits = {})
      : board_(board), fleet_(fleet), rules_(rules), limits_(limits) {
    rules.validate();
    fleet.validate(board.shape());
    ships_ = fleet.ship_count();
    list_layouts();
    if (occupied_.empty())
      throw std::invalid_argument("no layout of the fleet fits the board under these rules");
    find_symmetries();
  }

  /// From now on checks `*cancel` (null: nothing) at each position solved, as
  /// `OptimalLimits::cancel` does, for a caller that lends a flag to one call.
  void watch(const std::atomic<bool>* cancel) noexcept { limits_.cancel = cancel; }

  /// Whether this search is the one for `board`, `fleet` and `rules` (only the touching and
  /// disclosure rules matter to it).
  [[nodiscard]] bool solves(const Board<S>& board, const Fleet& fleet, const Rules& rules) const {
    return board.shape() == board_.shape() && fleet == fleet_ &&
           rules.touching == rules_.touching && rules.disclosure == rules_.disclosure;
  }

  /// Number of layouts of the fleet (the size of the starting position).
  [[nodiscard]] std::size_t layout_count() const noexcept { return occupied_.size(); }

  /// Number of positions solved so far.
  [[nodiscard]] std::size_t positions_solved() const noexcept { return memo_.size(); }

  /// The position before any shot: every layout fits.
  [[nodiscard]] Position start() const {
    Position p;
    p.layouts.resize(occupied_.size());
    for (std::size_t j = 0; j < p.layouts.size(); ++j) p.layouts[j] = static_cast<std::uint32_t>(j);
    return p;
  }

  /// The least expected shots to sink the fleet from the start: the game's optimum.
  [[nodiscard]] double expected_shots() { return expected_shots(start()); }

  /// The least expected shots still needed from `p` (0 when no layout fits it).
  ///
  /// Throws `std::length_error` when solving needs more than `max_positions` positions.
  [[nodiscard]] double expected_shots(const Position& p) {
    return p.layouts.empty() ? 0.0 : solve(p.layouts, p.shots).value;
  }

  /// A shot reaching `expected_shots(p)`, as a row-major cell index; nothing when no layout fits
  /// `p` or its fleet is sunk. Which of several equally good shots it names is fixed by the order
  /// of the search: the same calls give the same cell.
  ///
  /// Throws `std::length_error` when solving needs more than `max_positions` positions.
  [[nodiscard]] std::optional<std::size_t> best_cell(const Position& p) {
    if (p.layouts.empty()) return std::nullopt;
    const Solved s = solve(p.layouts, p.shots);
    if (s.cell == no_cell) return std::nullopt;
    return s.cell;
  }

  /// Whether `expected_shots(p)` and `best_cell(p)` answer from positions already solved, with
  /// no search (so with nothing to cancel).
  [[nodiscard]] bool solved(const Position& p) const {
    if (p.layouts.size() <= 1) return true;
    bitboard_type useful;
    for (auto j : p.layouts) useful |= occupied_[j];
    const auto found = memo_.find(canonical(p.layouts, p.shots & useful).first);
    return found != memo_.end() && found->second.exact;
  }

  /// The open cell the most layouts of `p` put a ship on and not in `skip` (lowest index on a
  /// tie): the likeliest hit, which needs no search. Nothing when no such cell is left.
  [[nodiscard]] std::optional<std::size_t> likeliest_cell(const Position& p,
                                                          const bitboard_type& skip) const {
    const auto cover = tally(
                           p.layouts.size(), [&](std::size_t i) { return p.layouts[i]; }, p.shots)
                           .cover;
    std::optional<std::size_t> best;
    for (std::size_t c = 0; c < static_cast<std::size_t>(board_.cells()); ++c)
      if (cover[c] > 0 && !skip.test(c) && (!best || cover[c] > cover[*best])) best = c;
    return best;
  }

  /// Moves `p` on by a shot at `cell` answered `told` (as the shooter was told it): keeps the
  /// layouts that give that answer. Returns false, and leaves `p` as it was, when `cell` is off
  /// the board or already shot, or no layout of `p` gives that answer.
  bool advance(Position& p, std::size_t cell, const ShotOutcome& told) const {
    if (cell >= static_cast<std::size_t>(board_.cells()) || p.shots.test(cell) || !told.valid())
      return false;
    bitboard_type after = p.shots;
    after.set(cell);
    const int want = answer_key(told);
    std::vector<std::uint32_t> kept;
    for (auto j : p.layouts)
      if (outcome_key(j, cell, after) % game_over == want) kept.push_back(j);
    if (kept.empty()) return false;
    p.layouts = std::move(kept);
    p.shots = after;
    return true;
  }

private:
  /// A solved position: its value and the best shot (`no_cell` when the fleet is sunk). When not
  /// `exact`, `value` is only a lower bound, found above the cutoff the search was given.
  struct Solved {
    double value = 0;
    std::uint16_t cell = no_cell;
    bool exact = true;
  };
  static constexpr std::uint16_t no_cell = 0xFFFF;
  /// Added to an outcome key when the shot ends the game (keys below are at most 2 + max_ships).
  static constexpr int game_over = 64;
  static constexpr double eps = 1e-9;
  static constexpr double infinity = std::numeric_limits<double>::infinity();

  /// A position up to the board's symmetries: order-independent sums of random keys of its
  /// layouts and of the shots that matter, in the symmetry's frame that makes it smallest.
  struct Fingerprint {
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
    friend bool operator<(const Fingerprint& x, const Fingerprint& y) noexcept {
      return x.a != y.a ? x.a < y.a : x.b < y.b;
    }
  };
  struct FingerprintHash {
    std::size_t operator()(const Fingerprint& f) const noexcept {
      return static_cast<std::size_t>(f.a);
    }
  };

  /// A symmetry of the board (a reflection or rotation): where it sends each cell and layout.
  struct Symmetry {
    std::vector<std::uint16_t> cell;
    std::vector<std::uint16_t> cell_back; // the inverse
    std::vector<std::uint32_t> layout;
  };

  void list_layouts() {
    for_each_layout(board_, fleet_, rules_.touching,
                    [&](const Ocean<S>& ocean) { add_layout(ocean); });
    for (std::size_t j = 0; j < occupied_.size(); ++j)
      layout_key_.push_back(
          Fingerprint{mix64(j + 0x243F6A8885A308D3ULL), mix64(j ^ 0x13198A2E03707344ULL)});
    for (std::size_t c = 0; c < static_cast<std::size_t>(board_.cells()); ++c)
      shot_key_.push_back(
          Fingerprint{mix64(c + 0xA4093822299F31D0ULL), mix64(c ^ 0x082EFA98EC4E6C89ULL)});
  }

  void add_layout(const Ocean<S>& ocean) {
    if (occupied_.size() == limits_.max_layouts)
      throw std::length_error(
          detail::concat("the fleet has more layouts on this board than max_layouts (",
                         limits_.max_layouts, ") allows: too many to search exhaustively"));
    const auto cells = static_cast<std::size_t>(board_.cells());
    const std::size_t base = ship_at_.size();
    ship_at_.resize(base + cells, -1);
    bitboard_type occupied;
    for (int s = 0; s < ships_; ++s) {
      bitboard_type mask;
      const Placement p = ocean.placement(s);
      for (int i = 0; i < p.length; ++i) {
        const std::size_t c = board_.index(p.cell(i));
        mask.set(c);
        ship_at_[base + c] = static_cast<std::int8_t>(s);
      }
      ship_cells_.push_back(mask);
      occupied |= mask;
    }
    occupied_.push_back(occupied);
  }

  /// The symmetries of the board: 4 for a rectangle, 8 for a square (identity first).
  void find_symmetries() {
    const int rows = board_.rows();
    const int cols = board_.cols();
    const int kinds = rows == cols ? 8 : 4;
    const auto cells = static_cast<std::size_t>(board_.cells());
    // Ship cells of every layout, as one key, to find where a symmetry sends each layout.
    std::unordered_map<Fingerprint, std::uint32_t, FingerprintHash> index;
    const auto key_of = [&](auto&& mask_of) {
      Fingerprint f{1, 2};
      for (int s = 0; s < ships_; ++s) {
        const bitboard_type mask = mask_of(s);
        for (auto w : mask.data()) {
          f.a = mix64(f.a ^ w);
          f.b = mix64(f.b + w + static_cast<std::uint64_t>(s));
        }
      }
      return f;
    };
    for (std::size_t j = 0; j < occupied_.size(); ++j)
      index.emplace(key_of([&](int s) { return cells_of(static_cast<std::uint32_t>(j), s); }),
                    static_cast<std::uint32_t>(j));
    for (int k = 0; k < kinds; ++k) {
      Symmetry g;
      g.cell.resize(cells);
      g.cell_back.resize(cells);
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          const bool swap = k >= 4; // a transposition first, on square boards
          int r2 = swap ? c : r;
          int c2 = swap ? r : c;
          if (k & 1) r2 = rows - 1 - r2;
          if (k & 2) c2 = cols - 1 - c2;
          const auto from = board_.index(Coord{r, c});
          const auto to = board_.index(Coord{r2, c2});
          g.cell[from] = static_cast<std::uint16_t>(to);
          g.cell_back[to] = static_cast<std::uint16_t>(from);
        }
      g.layout.resize(occupied_.size());
      for (std::size_t j = 0; j < occupied_.size(); ++j) {
        std::array<bitboard_type, max_ships> moved{};
        for (int s = 0; s < ships_; ++s)
          cells_of(static_cast<std::uint32_t>(j), s).for_each([&](std::size_t c) {
            moved[static_cast<std::size_t>(s)].set(g.cell[c]);
          });
        const auto it =
            index.find(key_of([&](int s) { return moved[static_cast<std::size_t>(s)]; }));
        bool same = it != index.end();
        for (int s = 0; same && s < ships_; ++s)
          same = cells_of(it->second, s) == moved[static_cast<std::size_t>(s)];
        if (!same) return; // cannot happen: the rules are symmetric; search without symmetries
        g.layout[j] = it->second;
      }
      symmetries_.push_back(std::move(g));
    }
  }

  [[nodiscard]] int ship_at(std::uint32_t j, std::size_t cell) const noexcept {
    return ship_at_[static_cast<std::size_t>(j) * static_cast<std::size_t>(board_.cells()) + cell];
  }

  [[nodiscard]] const bitboard_type& cells_of(std::uint32_t j, int ship) const noexcept {
    return ship_cells_[static_cast<std::size_t>(j) * static_cast<std::size_t>(ships_) +
                       static_cast<std::size_t>(ship)];
  }

  /// The key of an announcement: 0 miss, 1 hit, 2 sunk (ship not named), 3 + ship sunk.
  static int answer_key(const ShotOutcome& told) noexcept {
    if (!told.struck()) return 0;
    if (!told.sank()) return 1;
    return told.ship < 0 ? 2 : 3 + told.ship;
  }

  /// What layout j announces for a shot at `cell`, `after` being every cell shot with it, plus
  /// `game_over` when that shot sinks the fleet.
  [[nodiscard]] int outcome_key(std::uint32_t j, std::size_t cell,
                                const bitboard_type& after) const noexcept {
    const int ship = ship_at(j, cell);
    if (ship < 0) return 0;
    const bool sunk = cells_of(j, ship).subset_of(after);
    const ShotOutcome full{sunk ? ShotResult::sunk : ShotResult::hit, ship};
    return answer_key(disclose(full, rules_.disclosure)) +
           (occupied_[j].subset_of(after) ? game_over : 0);
  }

  /// The position's fingerprint in the frame of the symmetry that makes it smallest, and that
  /// symmetry. Only the shots at cells some layout covers count: the rest are water in every
  /// layout and change nothing.
  std::pair<Fingerprint, std::size_t> canonical(const std::vector<std::uint32_t>& set,
                                                const bitboard_type& relevant_shots) const {
    std::pair<Fingerprint, std::size_t> best{Fingerprint{~0ULL, ~0ULL}, 0};
    for (std::size_t g = 0; g < symmetries_.size(); ++g) {
      const Symmetry& sym = symmetries_[g];
      Fingerprint f;
      for (auto j : set) {
        const Fingerprint& k = layout_key_[sym.layout[j]];
        f.a += k.a;
        f.b += k.b;
      }
      relevant_shots.for_each([&](std::size_t c) {
        const Fingerprint& k = shot_key_[sym.cell[c]];
        f.a += k.a;
        f.b += k.b;
      });
      if (f < best.first) best = {f, g};
    }
    return best;
  }

  /// The position (`set`, `shots`) solved, exactly if its value is at most `cutoff`; otherwise
  /// the search may stop early with a lower bound above `cutoff` (`exact` false).
  Solved solve(const std::vector<std::uint32_t>& set, const bitboard_type& shots,
               double cutoff = infinity) {
    const auto n = static_cast<double>(set.size());
    if (set.size() == 1) {
      const bitboard_type left = occupied_[set[0]] - shots;
      if (left.none()) return Solved{};
      return Solved{static_cast<double>(left.count()), static_cast<std::uint16_t>(left.first())};
    }
    bitboard_type useful; // cells some layout covers
    for (auto j : set) useful |= occupied_[j];
    const auto [key, frame] = canonical(set, shots & useful);
    const Symmetry& sym = symmetries_[frame];
    const auto found = memo_.find(key);
    if (found != memo_.end()) {
      const Solved& s = found->second;
      if (s.exact) return Solved{s.value, s.cell == no_cell ? no_cell : sym.cell_back[s.cell]};
      if (s.value > cutoff + eps) return s;
    }
    const Tally counted = tally(
        set.size(), [&](std::size_t i) { return set[i]; }, shots);
    const auto& cover = counted.cover; // not a structured binding: lambdas capture it
    // Candidates: open cells some layout covers.
    std::array<std::uint16_t, S::capacity> order;
    std::size_t count = 0;
    (useful - shots).for_each([&](std::size_t c) {
      order[count++] = static_cast<std::uint16_t>(c);
    });
    const auto by_cover = [&](std::uint16_t x, std::uint16_t y) {
      return cover[x] != cover[y] ? cover[x] > cover[y] : x < y;
    };
    std::sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count), by_cover);
    const double mean_unshot = counted.unshot / n;
    // No policy firing at c first can do better than bound[c]: the shot, every other unshot ship
    // cell, and the misses before the next hit if c misses.
    std::array<double, S::capacity> bound{};
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t c = order[i];
      const double misses = misses_before_hit(
          n - cover[c], count, [&](std::size_t k) { return cover[order[k]]; }, i);
      bound[c] = 1 + mean_unshot - cover[c] / n + misses / n;
    }
    // The likeliest cells first (good cuts come early), then by bound, so that the search can
    // stop at the first cell whose bound is too high.
    std::stable_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count),
                     [&](std::uint16_t x, std::uint16_t y) { return bound[x] < bound[y]; });
    Solved out{infinity, no_cell, false};
    const auto certain =
        std::find_if(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count),
                     [&](std::uint16_t c) { return cover[c] == static_cast<int>(set.size()); });
    if (certain != order.begin() + static_cast<std::ptrdiff_t>(count)) {
      // A certain hit: never worse than any other shot, so the only one to consider.
      const double v = 1 + split(set, *certain, shots, cutoff - 1);
      out = Solved{v, *certain, v <= cutoff + eps};
    } else if (count > 0) {
      const double floor = bound[order[0]];
      double lower = infinity; // while no cell is solved exactly: the least bound found
      double best = infinity;
      const bool hopeless = floor > cutoff + eps;
      if (hopeless) lower = floor;
      for (std::size_t i = 0; i < count && !hopeless; ++i) {
        const std::size_t c = order[i];
        const double limit = (std::min)(best, cutoff);
        if (best < infinity ? bound[c] >= best - eps : bound[c] > cutoff + eps) {
          if (best == infinity) lower = (std::min)(lower, bound[c]); // nor can any later cell
          break;
        }
        const double v = 1 + split(set, c, shots, limit - 1);
        if (v > limit + eps) { // only a bound: this cell cannot do better than `limit`
          if (best == infinity) lower = (std::min)(lower, v);
          continue;
        }
        if (v < best - eps) {
          best = v;
          out.cell = static_cast<std::uint16_t>(c);
          if (best <= floor + eps) break;
        }
      }
      out.exact = best < infinity;
      out.value = out.exact ? best : lower;
    } else {
      out = Solved{}; // unreachable: two layouts cannot both be fully shot
    }
    if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) throw SearchCancelled();
    if (out.exact || found == memo_.end() || out.value > found->second.value) {
      if (found == memo_.end() && memo_.size() >= limits_.max_positions)
        throw std::length_error(detail::concat("solving needs more positions than max_positions (",
                                               limits_.max_positions,
                                               ") allows: too large to search exhaustively"));
      Solved stored = out;
      if (out.exact && out.cell != no_cell) stored.cell = sym.cell[out.cell];
      memo_[key] = stored;
      if (limits_.solved) limits_.solved->store(memo_.size(), std::memory_order_relaxed);
    }
    return out;
  }

  /// Expected shots after a shot at `cell` from (`set`, `shots`): the layouts grouped by what
  /// they announce, each group solved. Exact when at most `cutoff`; otherwise it may stop early
  /// with a lower bound above `cutoff`, once the groups solved and the bounds of the rest exceed
  /// it.
  double split(const std::vector<std::uint32_t>& set, std::size_t cell, const bitboard_type& shots,
               double cutoff) {
    bitboard_type after = shots;
    after.set(cell);
    std::vector<std::pair<int, std::uint32_t>> keyed;
    keyed.reserve(set.size());
    for (auto j : set) keyed.emplace_back(outcome_key(j, cell, after), j);
    std::sort(keyed.begin(), keyed.end());
    // The groups still to play, each with a lower bound of what it adds to the expectation.
    struct Group {
      std::size_t begin;
      std::size_t end;
      double floor;
    };
    std::vector<Group> groups;
    const auto n = static_cast<double>(set.size());
    double rest = 0;
    for (std::size_t i = 0; i < keyed.size();) {
      std::size_t e = i;
      while (e < keyed.size() && keyed[e].first == keyed[i].first) ++e;
      if (keyed[i].first < game_over) {
        groups.push_back(Group{i, e, group_floor(keyed, i, e, after) / n});
        rest += groups.back().floor;
      }
      i = e;
    }
    if (rest > cutoff + eps) return rest;
    double total = 0;
    std::vector<std::uint32_t> members;
    for (const Group& g : groups) {
      members.clear();
      for (std::size_t m = g.begin; m < g.end; ++m) members.push_back(keyed[m].second);
      rest -= g.floor;
      const double weight = static_cast<double>(members.size()) / n;
      const Solved s = solve(members, after, (cutoff - total - rest) / weight);
      total += weight * s.value;
      if (!s.exact || total + rest > cutoff + eps)
        return (std::max)(total + rest, cutoff + 2 * eps);
    }
    return total;
  }

  /// A lower bound of the shots still needed, summed over the layouts keyed[begin, end) with
  /// `shots` fired: their unshot ship cells, and the misses before the next hit (the k-th next
  /// shot misses in every layout but those the k likeliest cells cover).
  double group_floor(const std::vector<std::pair<int, std::uint32_t>>& keyed, std::size_t begin,
                     std::size_t end, const bitboard_type& shots) const {
    Tally counted = tally(
        end - begin, [&](std::size_t i) { return keyed[begin + i].second; }, shots);
    auto& cover = counted.cover;
    const auto covered = static_cast<std::size_t>(
        std::partition(cover.begin(), cover.begin() + board_.cells(), [](int c) { return c > 0; }) -
        cover.begin());
    std::sort(cover.begin(), cover.begin() + static_cast<std::ptrdiff_t>(covered),
              std::greater<>());
    return counted.unshot + misses_before_hit(static_cast<double>(end - begin), covered,
                                              [&](std::size_t k) { return cover[k]; });
  }

  /// How many layouts put a ship on each unshot cell, and their unshot ship cells in all, over
  /// the `count` layouts `layout_at(0)`, ..., `layout_at(count - 1)`.
  struct Tally {
    std::array<int, S::capacity> cover{};
    double unshot = 0;
  };
  template <class LayoutAt>
  Tally tally(std::size_t count, LayoutAt layout_at, const bitboard_type& shots) const {
    Tally t;
    for (std::size_t i = 0; i < count; ++i) {
      const bitboard_type left = occupied_[layout_at(i)] - shots;
      t.unshot += left.count();
      left.for_each([&](std::size_t c) { ++t.cover[c]; });
    }
    return t;
  }

  /// The misses before the next hit, summed over `layouts` layouts, at least. Before a hit every
  /// shot misses, so the next cells are fixed, and the k-th of them misses in every layout but
  /// those the k largest covers cover: `cover_at(0) >= cover_at(1) >= ...`, `count` of them, all
  /// positive, the one at `skip` left out.
  template <class CoverAt>
  static double misses_before_hit(double layouts, std::size_t count, CoverAt cover_at,
                                  std::size_t skip = static_cast<std::size_t>(-1)) {
    double misses = 0;
    for (std::size_t k = 0; k < count && layouts > 0; ++k) {
      if (k == skip) continue;
      layouts -= cover_at(k);
      if (layouts > 0) misses += layouts;
    }
    return misses;
  }

  Board<S> board_;
  Fleet fleet_;
  Rules rules_;
  OptimalLimits limits_;
  int ships_ = 0;
  std::vector<std::int8_t> ship_at_;      // layout j, cell c: the ship there, or -1
  std::vector<bitboard_type> ship_cells_; // layout j, ship s: its cells
  std::vector<bitboard_type> occupied_;   // layout j: every ship cell
  std::vector<Fingerprint> layout_key_;   // random keys of the layouts, for fingerprints
  std::vector<Fingerprint> shot_key_;     // random keys of the cells shot, for fingerprints
  std::vector<Symmetry> symmetries_;
  std::unordered_map<Fingerprint, Solved, FingerprintHash> memo_;
};

/// Plays the optimal policy of `OptimalSearch`: the fewest expected shots any shooter can reach
/// against uniformly random layouts. Only for boards small enough to search (the search lists
/// every layout of the fleet); issue 6's yardstick for the other shooters.
///
/// `start` builds the search for the view's board, fleet and rules (kept across games with the
/// same ones, so playing every layout costs one search) and throws `std::length_error` when the
/// problem exceeds its `OptimalLimits`. The policy is for one shot a turn: under salvo rules the
/// first cell of a volley is the optimal shot and the rest go to the likeliest cells not yet
/// named. Deterministic: it draws no random numbers. Against a fleet the search does not list
/// (an ocean under other touching rules than the view's), it falls back to the likeliest cells,
/// and to the first open cell once no layout fits.
template <BoardShape S>
class OptimalShooter {
public:
  /// Name, for tables.
  static constexpr const char* name = "optimal";
  /// One-line description.
  static constexpr const char* summary =
      "perfect play by exhaustive search over every layout (small boards only)";

  /// A shooter whose searches stay within `limits`.
  explicit OptimalShooter(OptimalLimits limits = {}) : limits_(limits) {}

  /// Begins a game: builds (or keeps) the search for the view's board, fleet and rules, and
  /// solves the start. Throws `std::length_error` when that exceeds the limits. With `cancel`,
  /// the solving of this call stops with `SearchCancelled` once `*cancel` is true (what it solved
  /// so far is kept for the next call).
  void start(const TargetView<S>& view, const std::atomic<bool>* cancel = nullptr) {
    if (!search_ || !search_->solves(view.board(), view.fleet(), view.rules()))
      search_.emplace(view.board(), view.fleet(), view.rules(), limits_);
    position_ = search_->start();
    fits_ = true;
    lending(cancel, [&] { return search_->expected_shots(position_); });
  }

  /// The optimal shot from what the shooter was told (see the class description for salvos and
  /// for fleets the search does not list). Off the solved policy (after a salvo) it may search
  /// again; `cancel` stops that search as in `start`.
  Coord next_shot(const TargetView<S>& view, Rng&, const std::atomic<bool>* cancel = nullptr) {
    std::optional<std::size_t> cell;
    if (fits_ && view.pending().none()) {
      try {
        cell = lending(cancel, [&] { return search_->best_cell(position_); });
      } catch (const std::length_error&) { // a position off the solved policy, too large
        cell = std::nullopt;
      }
    }
    if (fits_ && (!cell || !view.is_open_cell(*cell)))
      cell = search_->likeliest_cell(position_, view.shots() | view.pending());
    if (!cell || !view.is_open_cell(*cell)) {
      const auto open = view.open();
      if (open.none()) return Coord{-1, -1};
      cell = open.first();
    }
    return view.board().coord(*cell);
  }

  /// Whether `next_shot` or `expected_shots` would search now (the position is off the solved
  /// policy, after a salvo): a caller lends a `cancel` flag only then.
  [[nodiscard]] bool would_search() const {
    return search_ && fits_ && !search_->solved(position_);
  }

  /// Keeps the layouts that give the answer the shooter was told.
  void on_result(const TargetView<S>& view, Coord cell, const ShotOutcome& told) {
    if (fits_ && told.valid() && view.board().contains(cell))
      fits_ = search_->advance(position_, view.board().index(cell), told);
  }

  /// The least expected shots still needed from here (from the start, right after `start`);
  /// 0 before the first game or once no layout fits. Off the optimal policy (after a salvo) it
  /// may need a new search, and throw `std::length_error` as `OptimalSearch::expected_shots`;
  /// `cancel` stops that search as in `start`.
  [[nodiscard]] double expected_shots(const std::atomic<bool>* cancel = nullptr) {
    return search_ && fits_ ? lending(cancel, [&] { return search_->expected_shots(position_); })
                            : 0.0;
  }

private:
  /// `solve()`, with the search watching `cancel` (when given) for this call only: the shooter
  /// is copied into simulations, so a flag it kept could outlive its owner.
  template <class Solve>
  decltype(auto) lending(const std::atomic<bool>* cancel, Solve&& solve) {
    struct Lent {
      OptimalSearch<S>& search;
      const std::atomic<bool>* own;
      ~Lent() { search.watch(own); }
    } lent{*search_, limits_.cancel};
    if (cancel) search_->watch(cancel);
    return solve();
  }

  OptimalLimits limits_;
  std::optional<OptimalSearch<S>> search_;
  typename OptimalSearch<S>::Position position_;
  bool fits_ = false;
};

} // namespace battleship
