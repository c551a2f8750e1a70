/// @file solo_batch.hpp
/// @brief Many solo games stepped together, one shot in each a step: the engine's side of a
/// vectorised reinforcement-learning environment, each game's target kept as the agent sees it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/board.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/ocean.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// What a cell of a target looks like to the agent: the observation codes of the
/// reinforcement-learning environments (`codes`).
enum class TargetCode : std::int8_t {
  unknown = 0, ///< Not shot.
  miss = 1,    ///< Shot, water.
  hit = 2,     ///< Shot, a ship (not announced sunk by this shot).
  sunk = 3,    ///< The hit that sank a ship (only when the disclosure rule announces sinkings).
};

/// An answer a batch game's agent was told: the cell shot (row-major index) and what the rules
/// disclosed of it.
struct BatchAnswer {
  std::size_t cell = 0; ///< The cell shot, `row * cols + col`.
  ShotOutcome told;     ///< What the agent was told (never invalid: repeated cells are not kept).

  /// Answers are equal when both fields are.
  friend constexpr bool operator==(const BatchAnswer&, const BatchAnswer&) = default;
};

/// `size()` solo games of one fleet, board and rule set, stepped one shot at a time by an
/// outside agent (a learning policy, say) instead of a `ShotStrategy`: the loop behind a
/// vectorised environment, where the agent names a cell in every game at each step.
///
/// Each game keeps what the agent may know in the form a policy reads: one `TargetCode` a cell
/// (`codes`) and one flag a ship (`afloat`, 0 once it is announced sunk by name), updated in place
/// by each step, so nothing is rebuilt per step. A step is one shot; a cell already shot changes
/// nothing but still counts as a step, as a wasted turn does. A game ends when the fleet is sunk
/// (`terminated`) or, still afloat, after `max_steps` steps or the rules' shot cap
/// (`truncated`). The games are independent: game `g`'s layout depends only on the placer and the
/// seed given to `reset(g, ...)`. Teachers (`add_teacher`), the engine's shooters following each
/// game, say where they would fire (`advice`), for baselines and imitation learning.
template <BoardShape S>
class SoloBatch {
public:
  /// `games` games of `fleet` on `board` under `rules`, each truncated after `max_steps` steps.
  /// Every game starts over: `reset` it before its first step. Throws `std::invalid_argument`
  /// for invalid rules, a fleet that does not fit, no game, or `max_steps` below 1.
  SoloBatch(const Board<S>& board, const Fleet& fleet, const Rules& rules, std::size_t games,
            int max_steps)
      : rules_(rules), max_steps_(max_steps), cells_(static_cast<std::size_t>(board.cells())),
        ships_(static_cast<std::size_t>(fleet.ship_count())),
        blank_(validated_ocean(board, fleet, rules)) {
    if (games == 0) throw std::invalid_argument("a batch needs at least one game");
    if (max_steps < 1)
      throw std::invalid_argument(detail::concat("max_steps must be at least 1, got ", max_steps));
    games_.assign(
        games,
        Game{blank_, TargetView<S>(board, fleet, rules), 0, true, false, false, {}, {}, 0, 0});
    codes_.assign(games * cells_, static_cast<std::int8_t>(TargetCode::unknown));
    afloat_.assign(games * ships_, 1);
  }

  /// Number of games.
  [[nodiscard]] std::size_t size() const noexcept { return games_.size(); }
  /// Cells of the board (the length of each game's `codes`).
  [[nodiscard]] std::size_t cells() const noexcept { return cells_; }
  /// Ships of the fleet (the length of each game's `afloat`).
  [[nodiscard]] std::size_t ship_count() const noexcept { return ships_; }
  /// The step limit of every game.
  [[nodiscard]] int max_steps() const noexcept { return max_steps_; }
  /// The board every game is played on.
  [[nodiscard]] const Board<S>& board() const noexcept { return blank_.board(); }
  /// The fleet of every game.
  [[nodiscard]] const Fleet& fleet() const noexcept { return blank_.fleet(); }
  /// The rules of every game.
  [[nodiscard]] const Rules& rules() const noexcept { return rules_; }

  /// Adds a teacher to every game: a copy of `shooter` that follows the game as the agent plays
  /// it (told every answer the agent is told, never the fleet) and says where it would fire
  /// (`advice`): a baseline, or a teacher for imitation learning. In a game reset with `seed` its
  /// generator is `Rng((seed + seed_offset) mod 2^63)`. Teachers join before the first reset
  /// (`std::logic_error` after, and nothing changes). Returns the teacher's number.
  std::size_t add_teacher(const AnyShotStrategy<S>& shooter, std::uint64_t seed_offset = 0) {
    if (reset_once_) throw std::logic_error("teachers join a batch before its first reset");
    for (Game& game : games_) game.teachers.push_back(Teacher{shooter, Rng(0), no_move});
    seed_offsets_.push_back(seed_offset);
    return seed_offsets_.size() - 1;
  }
  /// Number of teachers.
  [[nodiscard]] std::size_t teacher_count() const noexcept { return seed_offsets_.size(); }

  /// Where teacher `t` would fire next in game `g`, as a row-major cell index; asked of it once
  /// per position (asking again gives the same cell). Throws `std::out_of_range` for a game or
  /// teacher that does not exist and `std::logic_error` for a game that is over.
  std::size_t advice(std::size_t g, std::size_t t) {
    Game& game = games_[check(g)];
    if (t >= game.teachers.size())
      throw std::out_of_range(
          detail::concat("teacher ", t, " of ", game.teachers.size(), " teachers"));
    Teacher& teacher = game.teachers[t];
    if (game.over)
      throw std::logic_error(detail::concat("game ", g, " is over: reset it before asking"));
    if (teacher.move == no_move)
      teacher.move = game.view.board().index(teacher.shooter.next_shot(game.view, teacher.rng));
    return teacher.move;
  }

  /// A layout of the batch's fleet drawn by `placer` from `Rng(seed)`, the one `reset(g, placer,
  /// seed)` plays; empty when the placer fails (or claims success with a ship left out). Lets a
  /// caller lay out several games' fleets before it resets any of them.
  template <PlacementStrategy<S> Placer>
  [[nodiscard]] std::optional<Ocean<S>> lay_out(Placer& placer, std::uint64_t seed) const {
    Ocean<S> layout(blank_);
    Rng rng(seed);
    if (!placer.place(layout, rng) || !layout.all_placed()) return std::nullopt;
    return layout;
  }

  /// Throws `std::invalid_argument` unless every ship of `layout` is placed and `layout` has the
  /// batch's board, fleet and touching rule: the layouts `reset` plays.
  void check_layout(const Ocean<S>& layout) const {
    if (!(layout.board() == blank_.board()) || !(layout.fleet() == blank_.fleet()) ||
        layout.touching() != blank_.touching())
      throw std::invalid_argument("a layout must have the batch's board, fleet and touching rule");
    if (!layout.all_placed()) throw std::invalid_argument("a layout must have every ship placed");
  }

  /// Starts game `g` anew against the ships of `layout` (its shots and damage are not copied),
  /// its teachers' generators seeded from `seed`. Throws `std::out_of_range` for a game that
  /// does not exist and `std::invalid_argument` for a layout `check_layout` refuses; either way
  /// nothing changes.
  void reset(std::size_t g, const Ocean<S>& layout, std::uint64_t seed) {
    check(g);
    check_layout(layout);
    start(g, layout, seed);
  }

  /// Starts game `g` anew against a fleet laid out by `placer` drawing from `Rng(seed)`: the
  /// same placer and seed give the same layout (`lay_out`). Returns false when the placer fails
  /// (or claims success with a ship left out); the game is then unchanged. Throws
  /// `std::out_of_range`, changing nothing, for a game that does not exist.
  template <PlacementStrategy<S> Placer>
  bool reset(std::size_t g, Placer& placer, std::uint64_t seed) {
    check(g);
    std::optional<Ocean<S>> layout = lay_out(placer, seed); // checked as it is laid out
    if (!layout) return false;
    start(g, std::move(*layout), seed);
    return true;
  }

  /// Fires game `g`'s shot at the cell with row-major index `cell` and returns what the agent is
  /// told (the rules' disclosure of the outcome; invalid for a cell already shot). Throws
  /// `std::out_of_range` for a game or cell that does not exist and `std::logic_error` for a
  /// game that is over; either way nothing changes.
  ShotOutcome step(std::size_t g, std::size_t cell) {
    Game& game = games_[check(g)];
    if (cell >= cells_)
      throw std::out_of_range(
          detail::concat("cell ", cell, " is off a board of ", cells_, " cells"));
    if (game.over)
      throw std::logic_error(detail::concat("game ", g, " is over: reset it before stepping it"));
    ++game.steps;
    const ShotOutcome full = game.ocean.fire_cell(cell);
    ShotOutcome told = full;
    if (full.valid()) {
      told = disclose(full, rules_.disclosure);
      game.view.record_cell(cell, told);
      game.answers.push_back({cell, told});
      codes_[g * cells_ + cell] = static_cast<std::int8_t>(code_of(told));
      if (told.sank() && told.ship >= 0)
        afloat_[g * ships_ + static_cast<std::size_t>(told.ship)] = 0;
      for (Teacher& teacher : game.teachers) {
        teacher.shooter.on_result(game.view, game.view.board().coord(cell), told);
        teacher.move = no_move;
      }
    }
    game.terminated = game.ocean.all_sunk();
    const int cap = rules_.shot_cap;
    game.truncated = !game.terminated &&
                     (game.steps >= max_steps_ || (cap > 0 && game.view.shots_fired() >= cap));
    game.over = game.terminated || game.truncated;
    return told;
  }

  /// Whether game `g`'s fleet is sunk.
  [[nodiscard]] bool terminated(std::size_t g) const { return games_[check(g)].terminated; }
  /// Whether game `g` was stopped, fleet afloat, by the step limit or the shot cap.
  [[nodiscard]] bool truncated(std::size_t g) const { return games_[check(g)].truncated; }
  /// Whether game `g` takes no more steps until it is reset (also before its first reset).
  [[nodiscard]] bool over(std::size_t g) const { return games_[check(g)].over; }
  /// Steps taken in game `g` since its reset.
  [[nodiscard]] int steps(std::size_t g) const { return games_[check(g)].steps; }
  /// Game `g`'s target as the agent sees it: `cells()` `TargetCode`s, row-major.
  [[nodiscard]] const std::int8_t* codes(std::size_t g) const {
    return codes_.data() + check(g) * cells_;
  }
  /// Every game's codes, game after game (`size() * cells()` of them).
  [[nodiscard]] const std::vector<std::int8_t>& all_codes() const noexcept { return codes_; }
  /// Game `g`'s ships: 1 for a ship not announced sunk by name, 0 for one that was.
  [[nodiscard]] const std::int8_t* afloat(std::size_t g) const {
    return afloat_.data() + check(g) * ships_;
  }
  /// Every game's afloat flags, game after game (`size() * ship_count()` of them).
  [[nodiscard]] const std::vector<std::int8_t>& all_afloat() const noexcept { return afloat_; }
  /// What game `g`'s agent was told since its reset, in order (a repeated cell tells nothing and
  /// is not kept): enough to follow the game with a `Posterior`, say.
  [[nodiscard]] const std::vector<BatchAnswer>& answers(std::size_t g) const {
    return games_[check(g)].answers;
  }
  /// The seed game `g` was last reset with (0 before its first reset).
  [[nodiscard]] std::uint64_t seed(std::size_t g) const { return games_[check(g)].seed; }
  /// How many times game `g` was reset: a game that has changed since one looked at it has a new
  /// count.
  [[nodiscard]] std::uint64_t resets(std::size_t g) const { return games_[check(g)].resets; }
  /// Game `g`'s hidden fleet (an agent that reads it cheats).
  [[nodiscard]] const Ocean<S>& ocean(std::size_t g) const { return games_[check(g)].ocean; }
  /// All game `g`'s agent was told, as the engine's shooters see it (for teachers and maps).
  [[nodiscard]] const TargetView<S>& view(std::size_t g) const { return games_[check(g)].view; }

private:
  static constexpr std::size_t no_move = static_cast<std::size_t>(-1);
  struct Teacher {
    AnyShotStrategy<S> shooter;
    Rng rng;
    std::size_t move = no_move; // the advice for the current position, once asked
  };
  struct Game {
    Ocean<S> ocean;
    TargetView<S> view;
    int steps = 0;
    bool over = true;
    bool terminated = false;
    bool truncated = false;
    std::vector<Teacher> teachers;
    std::vector<BatchAnswer> answers; // since the reset, in order
    std::uint64_t seed = 0;           // of the last reset
    std::uint64_t resets = 0;
  };

  static TargetCode code_of(const ShotOutcome& told) noexcept {
    if (told.sank()) return TargetCode::sunk;
    return told.struck() ? TargetCode::hit : TargetCode::miss;
  }

  /// Starts game `g` (checked) anew against the ships of `layout` (checked), its teachers'
  /// generators seeded from `seed`.
  void start(std::size_t g, Ocean<S> layout, std::uint64_t seed) {
    restart(g);
    reset_once_ = true;
    Game& game = games_[g];
    game.ocean = std::move(layout);
    game.ocean.repair();
    game.seed = seed;
    ++game.resets;
    for (std::size_t t = 0; t < game.teachers.size(); ++t) {
      Teacher& teacher = game.teachers[t];
      teacher.rng = Rng((seed + seed_offsets_[t]) % (std::uint64_t{1} << 63));
      teacher.move = no_move;
      teacher.shooter.start(game.view);
    }
  }

  /// An empty ocean of the batch, once the rules and the fleet are found valid.
  static Ocean<S> validated_ocean(const Board<S>& board, const Fleet& fleet, const Rules& rules) {
    rules.validate();
    fleet.validate(board.shape());
    return Ocean<S>(board, fleet, rules.touching);
  }

  std::size_t check(std::size_t g) const {
    if (g >= games_.size())
      throw std::out_of_range(detail::concat("game ", g, " of a batch of ", games_.size()));
    return g;
  }

  void restart(std::size_t g) {
    Game& game = games_[g];
    game.ocean.clear();
    game.view.reset();
    game.steps = 0;
    game.answers.clear(); // keeps its capacity: no allocation once the games are under way
    game.over = game.terminated = game.truncated = false;
    std::fill_n(codes_.begin() + static_cast<std::ptrdiff_t>(g * cells_), cells_,
                static_cast<std::int8_t>(TargetCode::unknown));
    std::fill_n(afloat_.begin() + static_cast<std::ptrdiff_t>(g * ships_), ships_, 1);
  }

  Rules rules_;
  int max_steps_;
  bool reset_once_ = false;
  std::vector<std::uint64_t> seed_offsets_; // teacher t's generator: seed + seed_offsets_[t]
  std::size_t cells_;
  std::size_t ships_;
  Ocean<S> blank_; // no ship placed: what each layout starts from
  std::vector<Game> games_;
  std::vector<std::int8_t> codes_;  // game g's cells at [g * cells_, (g + 1) * cells_)
  std::vector<std::int8_t> afloat_; // game g's ships at [g * ships_, (g + 1) * ships_)
};

} // namespace battleship
