/// @file game.hpp
/// @brief The two-player match: turns, volleys, invalid shots, the equalising shot and draws,
/// with observers for every event.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/detail/text.hpp>
#include <battleship/forfeit.hpp>
#include <battleship/ocean.hpp>
#include <battleship/rng.hpp>
#include <battleship/strategy.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// How a match ended.
enum class GameEnd : std::uint8_t {
  in_progress, ///< Not over yet.
  win,         ///< One fleet sank (and, with the equalising shot, the other survived the round).
  draw,        ///< Both fleets sank in the same round, or both players reached the shot cap.
  aborted,     ///< The game could not go on; see `GameOutcome::reason`.
};

/// The name used for `e` in text: `in_progress`, `win`, `draw`, `aborted`.
[[nodiscard]] constexpr std::string_view to_string(GameEnd e) noexcept {
  switch (e) {
  case GameEnd::in_progress: return "in_progress";
  case GameEnd::win: return "win";
  case GameEnd::draw: return "draw";
  case GameEnd::aborted: return "aborted";
  }
  return "?";
}

/// The result of a match.
struct GameOutcome {
  GameEnd end = GameEnd::in_progress; ///< How it ended.
  int winner = -1;                    ///< 0 or 1 for a win, else -1.
  std::string reason;                 ///< Why it was aborted (empty otherwise).
  /// The player whose failure aborted the match (its fleet could not be placed, or it made too
  /// many invalid shots in a row), or whom `Game::abort` named; else -1.
  int at_fault = -1;
  int rounds = 0;             ///< Rounds started (a round is one turn of each player).
  std::array<int, 2> shots{}; ///< Valid shots fired by each player.

  /// Outcomes are equal when every field is.
  friend bool operator==(const GameOutcome&, const GameOutcome&) = default;
};

/// Why `Game::set_ocean` refused an ocean (nothing changed then).
enum class OceanRefusal : std::uint8_t {
  none,                 ///< The ocean was taken.
  other_board_or_fleet, ///< The ocean is for another board or fleet.
  other_touching_rule,  ///< Its ships were placed under another touching rule.
  ship_missing,         ///< Some ship of the fleet is not placed.
  shot_at,              ///< It has been shot at.
  play_started,         ///< The first turn has been played, or the match is over.
};

/// A sentence explaining `r`, e.g. "the ocean has a ship missing".
[[nodiscard]] constexpr std::string_view to_string(OceanRefusal r) noexcept {
  switch (r) {
  case OceanRefusal::none: return "done";
  case OceanRefusal::other_board_or_fleet: return "the ocean is for another board or fleet";
  case OceanRefusal::other_touching_rule: return "the ocean was placed under another touching rule";
  case OceanRefusal::ship_missing: return "the ocean has a ship missing";
  case OceanRefusal::shot_at: return "the ocean has been shot at";
  case OceanRefusal::play_started: return "fleets cannot change once play has started";
  }
  return "unknown refusal";
}

/// The observer that watches nothing: a game observed by it compiles every hook away.
///
/// An observer type may implement any subset of the hooks of `GameObserver` (same names and
/// parameters, virtual or not); the game calls those it has and skips the rest at compile time.
struct NullObserver {};

/// Hooks a display or logger implements to follow a match at run time; every hook defaults to
/// nothing.
///
/// For a game whose observer is chosen at run time (`Game<S>`, the default): derive from this
/// class and override what you need. For zero overhead, give the game a concrete observer type
/// instead (`Game<S, MyObserver>`), which may implement any subset of these hooks without
/// deriving from anything; a hook of the name of one of these with other parameters is an error
/// at compile time (it would never be called). Events come in the order they happen; an observer
/// may end the match from inside a hook by calling `Game::abort`, the one call it may make: a
/// hook that plays the game or resets it gets `std::logic_error` (so does a strategy, in a game
/// with an observer type).
template <BoardShape S>
class GameObserver {
public:
  virtual ~GameObserver() = default;
  /// Player `player`'s fleet lies in `ocean`: called for both players, in order, just before the
  /// first turn (however the fleets were placed).
  virtual void on_placement(int /*player*/, const Ocean<S>& /*ocean*/) {}
  /// Player `player` starts a turn in round `round` (counted from 1).
  virtual void on_turn_start(int /*player*/, int /*round*/) {}
  /// Player `player`'s shot at `cell` is announced: `full` is what happened, `told` what the
  /// shooter heard under the disclosure rule. Refused and forfeited shots come with an `invalid`
  /// outcome; a salvo's shots are announced in the order they were named.
  virtual void on_shot(int /*player*/, Coord /*cell*/, const ShotOutcome& /*full*/,
                       const ShotOutcome& /*told*/) {}
  /// Player `player` sank its opponent's ship `ship` (called right after the `on_shot` of the
  /// sinking shot, whatever the disclosure rule lets the shooter know).
  virtual void on_sunk(int /*player*/, int /*ship*/) {}
  /// The match is over.
  virtual void on_game_over(const GameOutcome& /*outcome*/) {}
};

/// Several run-time observers as one: every hook is passed on to each, in the order added.
///
/// For a display and a `GameRecorder` on the same game, for example. Holds pointers; the
/// observers must outlive the list's use.
template <BoardShape S>
class ObserverList final : public GameObserver<S> {
public:
  /// A list of `observers` (none is null).
  ObserverList(std::initializer_list<GameObserver<S>*> observers) : list_(observers) {}
  /// Adds `observer` at the end.
  void add(GameObserver<S>* observer) { list_.push_back(observer); }
  /// Passes the hook on.
  void on_placement(int player, const Ocean<S>& ocean) override {
    for (auto* o : list_) o->on_placement(player, ocean);
  }
  /// Passes the hook on.
  void on_turn_start(int player, int round) override {
    for (auto* o : list_) o->on_turn_start(player, round);
  }
  /// Passes the hook on.
  void on_shot(int player, Coord cell, const ShotOutcome& full, const ShotOutcome& told) override {
    for (auto* o : list_) o->on_shot(player, cell, full, told);
  }
  /// Passes the hook on.
  void on_sunk(int player, int ship) override {
    for (auto* o : list_) o->on_sunk(player, ship);
  }
  /// Passes the hook on.
  void on_game_over(const GameOutcome& outcome) override {
    for (auto* o : list_) o->on_game_over(outcome);
  }

private:
  std::vector<GameObserver<S>*> list_;
};

namespace detail {
/// Whether every member of `O` named like a `GameObserver` hook can be called as that hook: the
/// game calls the hooks it can and skips the rest, so a hook with other parameters (a missing
/// `told`, a non-const reference) would be skipped silently.
template <class O, class S>
constexpr bool observer_hooks_match() {
  if constexpr (requires { &O::on_placement; })
    static_assert(
        requires(O & o, const Ocean<S>& x) { o.on_placement(0, x); },
        "on_placement must take (int player, const Ocean<S>&)");
  if constexpr (requires { &O::on_turn_start; })
    static_assert(
        requires(O & o) { o.on_turn_start(0, 0); },
        "on_turn_start must take (int player, int round)");
  if constexpr (requires { &O::on_shot; })
    static_assert(
        requires(O & o, Coord c, const ShotOutcome& x) { o.on_shot(0, c, x, x); },
        "on_shot must take (int player, Coord, const ShotOutcome& full, "
        "const ShotOutcome& told)");
  if constexpr (requires { &O::on_sunk; })
    static_assert(
        requires(O & o) { o.on_sunk(0, 0); }, "on_sunk must take (int player, int ship)");
  if constexpr (requires { &O::on_game_over; })
    static_assert(
        requires(O & o, const GameOutcome& g) { o.on_game_over(g); },
        "on_game_over must take (const GameOutcome&)");
  return true;
}
} // namespace detail

/// A two-player match under any `Rules`, step by step or to the end.
///
/// Player 0 moves first. Each player has a shooter and an ocean, laid out by a placer through
/// `place`, copied from an already placed ocean with `set_ocean`, or placed by hand through
/// `ocean(player)` before the first turn. Player `p` draws all its randomness (placement first,
/// then shots) from its own generator, `Rng(derive_seed(seed, p))`, so a match is a function of
/// its seed. A match played before both fleets are complete ends at its first call, aborted,
/// with the player whose fleet is not (player 0 first) at fault, as a forfeit: a front end that
/// waits for both players checks `ocean(p).all_placed()` first.
///
/// A turn fires one volley (`Rules::volley`): one shot, a fixed salvo, one shot per own ship
/// afloat at the start of the turn, or one shot after another until a miss. Every shot of a
/// volley is named before any is resolved (the runner marks each named cell pending in the
/// shooter's view); then the shots are resolved and announced in the order they were named.
///
/// Invalid shots (off the board, already shot, or named twice in a volley): under
/// `InvalidShot::refused` the shooter is told at once and names another cell (the refusal is
/// announced with the volley); after `Rules::max_invalid_in_a_row` refusals in a row the match
/// is aborted. Under `InvalidShot::forfeits` the shot is lost and counts as one shot of the
/// volley (seed 002); the same limit of invalid shots in a row aborts the match.
///
/// Exceptions pass out of the call that was playing. One thrown while a volley is named, before
/// any of it is fired (a front end's inbox of a person's cells that ran dry, a hook of
/// `on_turn_start`), leaves the game as it was before that call: no cell pending, the player's
/// generator and count of invalid shots restored, the round not counted; the call can be made
/// again, and the observer hears the turn start again. One thrown once shots are fired (by the
/// shooter's `on_result` or an observer's `on_shot`) ends the match, aborted, with the shooter
/// at fault if it threw, and the rest of the volley withdrawn: a turn is never left half played.
/// A `Forfeit` the shooter throws while its volley is named (from `next_shot`, or `on_result`
/// told of a refused cell) does not pass out: the match ends aborted, that player at fault, the
/// reason "player N forfeited: ..." (its text), a round its turn began not counted, as above.
///
/// Winning: without the equalising shot, the match ends as soon as a fleet is sunk. With
/// `Rules::equalising_shot` (seed 000), when player 0 sinks player 1's last ship, player 1 still
/// takes its turn of the round; if it sinks player 0's fleet too, the match is a draw. With a
/// shot cap, a player who has fired `Rules::shot_cap` valid shots fires no more (a volley is cut
/// at the cap), and when both have reached it with both fleets afloat at the end of a round the
/// match is a draw.
///
/// @tparam Observer  `GameObserver<S>` (hooks chosen at run time, through `observe`),
/// `NullObserver`
///                   (no hooks, no cost) or any type implementing some of the hooks.
/// @tparam Shooter0  Player 0's shooter type; `AnyShotStrategy<S>` accepts any shooter.
/// @tparam Shooter1  Player 1's shooter type.
template <BoardShape S, class Observer = GameObserver<S>, class Shooter0 = AnyShotStrategy<S>,
          class Shooter1 = Shooter0>
requires ShotStrategy<Shooter0, S> && ShotStrategy<Shooter1, S>
class Game {
  static_assert(detail::observer_hooks_match<Observer, S>());
  static_assert(!ShotStrategy<Observer, S>,
                "Game's second template argument is the observer type; a shooter type goes third "
                "and fourth: Game<S, GameObserver<S>, MyShooter> (or Game<S> for any shooters)");

public:
  /// The observer type.
  using observer_type = Observer;

  /// A match on `board` with `fleet` under `rules`, player 0 shooting with `first` and player 1
  /// with `second`, randomness derived from `seed`.
  ///
  /// Throws `std::invalid_argument` if the rules are inconsistent or the fleet does not fit the
  /// board.
  Game(const Board<S>& board, const Fleet& fleet, const Rules& rules, Shooter0 first,
       Shooter1 second, std::uint64_t seed = 0)
      : rules_((rules.validate(), rules)), oceans_{Ocean<S>(board, fleet, rules.touching),
                                                   Ocean<S>(board, fleet, rules.touching)},
        views_{TargetView<S>(board, fleet, rules), TargetView<S>(board, fleet, rules)},
        shooter0_(std::move(first)), shooter1_(std::move(second)) {
    named_.reserve(static_cast<std::size_t>(board.cells()));
    reseed(seed);
  }

  /// The board both fleets lie on.
  [[nodiscard]] const Board<S>& board() const noexcept { return oceans_[0].board(); }
  /// The fleet each player has.
  [[nodiscard]] const Fleet& fleet() const noexcept { return oceans_[0].fleet(); }
  /// The rules.
  [[nodiscard]] const Rules& rules() const noexcept { return rules_; }
  /// The seed the players' generators derive from.
  [[nodiscard]] std::uint64_t seed() const noexcept { return seed_; }

  /// Player `player`'s own ocean, to place ships by hand before the first turn. Players are 0
  /// and 1 here and everywhere else; another `player` throws `std::out_of_range`.
  [[nodiscard]] Ocean<S>& ocean(int player) { return oceans_[checked(player)]; }
  /// Player `player`'s own ocean (read-only, for displays).
  [[nodiscard]] const Ocean<S>& ocean(int player) const { return oceans_[checked(player)]; }
  /// What player `player` knows of its opponent's ocean.
  [[nodiscard]] const TargetView<S>& view(int player) const { return views_[checked(player)]; }
  /// Player 0's shooter.
  [[nodiscard]] const Shooter0& first_shooter() const noexcept { return shooter0_; }
  /// Player 1's shooter.
  [[nodiscard]] const Shooter1& second_shooter() const noexcept { return shooter1_; }

  /// The outcome so far (`GameEnd::in_progress` until the match ends).
  [[nodiscard]] const GameOutcome& outcome() const noexcept { return outcome_; }
  /// Whether the match is over.
  [[nodiscard]] bool is_over() const noexcept { return outcome_.end != GameEnd::in_progress; }
  /// Whose turn is next.
  [[nodiscard]] int to_move() const noexcept { return next_; }
  /// How many cells the player to move will name in its next volley (the volley rule, capped by
  /// the cells still open and the shot cap; 0 once the match is over): what a caller handing a
  /// player's cells over one at a time, such as the Gymnasium duel, collects before `play_turn`.
  /// Under `Volley::until_miss` a turn may hold several such volleys (`play_volley` plays one),
  /// and refused invalid shots are asked for again. It is `Rules::volley_size` of this game's
  /// counts: the mover's own ships afloat, its open cells and its valid shots so far.
  [[nodiscard]] int next_volley_size() const noexcept {
    if (is_over()) return 0;
    const auto p = index(next_);
    return rules_.volley_size(oceans_[p].afloat_count(), views_[p].open().count(),
                              outcome_.shots[p]);
  }
  /// Whether the player to move is in the middle of a turn: under `Volley::until_miss`, its last
  /// volley hit and it shoots again (`play_volley` plays the next volley of the same turn).
  [[nodiscard]] bool turn_under_way() const noexcept { return turn_under_way_; }
  /// Whether the first turn has been played. From then on the fleets must not change: the
  /// non-const `ocean(player)` is for placing ships before it (read a game in play through the
  /// const overload, e.g. `std::as_const(game).ocean(p)`); the Python binding enforces this.
  [[nodiscard]] bool started() const noexcept { return started_; }

  /// Follows the match with `observer` (not owned; null to stop).
  void observe(Observer* observer) noexcept { observer_ = observer; }

  /// Lets player `player`'s placer lay out its fleet, drawing from the player's generator. Ships
  /// already on the ocean are removed first; its blocked cells stay blocked (a puzzle's walls).
  ///
  /// Returns false, and aborts the match with the reason "player N could not place its fleet"
  /// (players are numbered 0 and 1 in every reason) and `at_fault` N, if the placer fails (or
  /// leaves a ship off the board); false with nothing changed once play has started. Throws
  /// `std::out_of_range` for a player other than 0 and 1. Pass the placer as a non-const lvalue
  /// to reuse it (and whatever it caches) from game to game; a const one is copied.
  ///
  /// `stop`, when given, is handed to a placer that watches one (`StoppablePlacementStrategy`):
  /// once `*stop` is true such a placer gives up, and the match is aborted as above. A run that
  /// is cancelled then does not wait for a slow placement to end (`simulate_match` does not
  /// count such a match).
  template <class Placer>
  requires PlacementStrategy<std::remove_cvref_t<Placer>, S>
  bool place(int player, Placer&& placer, const std::atomic<bool>* stop = nullptr) {
    Ocean<S>& o = oceans_[checked(player)];
    if (started_ || is_over()) return false;
    Rng& rng = rngs_[index(player)];
    o.clear_ships(); // blocked cells stay blocked: the placer lays out around them
    bool ok = false;
    if constexpr (std::is_const_v<std::remove_reference_t<Placer>>) {
      std::remove_cvref_t<Placer> copy = placer;
      ok = place_fleet(copy, o, rng, stop);
    } else {
      ok = place_fleet(placer, o, rng, stop);
    }
    if (ok) return true; // every ship placed (place_fleet checks)
    o.clear_ships();
    abort(detail::concat("player ", player, " could not place its fleet"), player);
    return false;
  }

  /// Gives player `player` a copy of `ocean`, an already placed fleet.
  ///
  /// Refuses, changing nothing (the match goes on, and a good ocean may be given next), an ocean
  /// for another board, fleet or touching rule, with a ship missing or shot at, and any ocean
  /// once play has started; the reason is returned. Throws `std::out_of_range` for a player
  /// other than 0 and 1.
  [[nodiscard]] OceanRefusal set_ocean(int player, const Ocean<S>& ocean) {
    Ocean<S>& mine = oceans_[checked(player)];
    if (started_ || is_over()) return OceanRefusal::play_started;
    if (!(ocean.board() == mine.board()) || !(ocean.fleet() == mine.fleet()))
      return OceanRefusal::other_board_or_fleet;
    if (ocean.touching() != mine.touching()) return OceanRefusal::other_touching_rule;
    if (!ocean.all_placed()) return OceanRefusal::ship_missing;
    if (ocean.shots().any()) return OceanRefusal::shot_at;
    mine = ocean;
    return OceanRefusal::none;
  }

  /// Ends the match now as aborted with `reason` (a player resigns, a user quits, a replay found
  /// a mismatch); does nothing if it is already over. Safe to call from an observer's hook.
  /// `at_fault` names the player to blame (0 or 1; a player who resigns), or -1 for nobody;
  /// another value throws `std::out_of_range` and changes nothing.
  void abort(std::string reason, int at_fault = -1) {
    if (at_fault != -1) checked(at_fault);
    if (is_over()) return;
    outcome_.reason = std::move(reason);
    outcome_.at_fault = at_fault;
    finish(GameEnd::aborted, -1);
  }

  /// Starts a new match with the same players and rules: empty oceans, fresh views, generators
  /// derived from `seed`. The fleets must be placed again. Nothing is allocated.
  void reset(std::uint64_t seed) {
    if (in_play_) throw std::logic_error(in_play_refusal);
    for (auto& o : oceans_) o.clear();
    for (auto& v : views_) v.reset();
    outcome_.end = GameEnd::in_progress;
    outcome_.winner = -1;
    outcome_.reason.clear();
    outcome_.at_fault = -1;
    outcome_.rounds = 0;
    outcome_.shots = {};
    invalid_streak_ = {};
    next_ = 0;
    started_ = false;
    turn_under_way_ = false;
    reseed(seed);
  }

  /// Plays one turn of the player to move; does nothing once the match is over.
  void play_turn() {
    do play_volley();
    while (turn_under_way_ && !is_over());
  }
  /// Plays the next volley of the player to move; does nothing once the match is over.
  ///
  /// A turn is one volley, except under `Volley::until_miss`, where a volley that hits is
  /// followed by another of the same player: `turn_under_way()` is then true and `to_move()`
  /// unchanged. A caller that hands a player's cells over as they are chosen (a GUI, the
  /// Gymnasium duel) plays volley by volley, so that each one is chosen knowing the answers to
  /// the last; the match is the same as when played turn by turn.
  void play_volley() {
    if (is_over()) return;
    const InPlay playing(in_play_); // throws if a hook or strategy of this game called it
    if (!started_) start();
    if (is_over()) return;
    const int p = next_;
    const int rounds_before = outcome_.rounds;
    bool again = false;
    bool volley_named = false; // a Forfeit is the shooter's, not an observer hook's
    try {
      if (!turn_under_way_) {
        if (p == 0) ++outcome_.rounds;
        if constexpr (requires(Observer & o) { o.on_turn_start(0, 0); }) {
          if (observer_) {
            observer_->on_turn_start(p, outcome_.rounds);
            if (is_over()) return;
          }
        }
      }
      volley_named = true;
      again = p == 0 ? fire_volley(0, shooter0_) : fire_volley(1, shooter1_);
    } catch (const Forfeit& forfeit) {
      // Given up while the volley was named (fire_volley withdrew its cells): the match ends, a
      // round its turn began taken back as for a volley dropped by a throw, so that its record
      // replays. One thrown once shots were fired, or by a hook, is any exception (below).
      if (!is_over()) outcome_.rounds = rounds_before;
      if (!volley_named || is_over()) throw;
      abort(detail::concat("player ", p, " forfeited: ", forfeit.what()), p);
      return;
    } catch (...) {
      // Thrown before any shot was fired (fire_volley undid the naming): the volley, and the
      // turn if it began here, start again at the next call.
      if (!is_over()) outcome_.rounds = rounds_before;
      throw;
    }
    turn_under_way_ = false;
    if (is_over()) return;
    // Under until_miss a hit earns another volley, unless the fleet or the shots ran out.
    if (again && !oceans_[index(1 - p)].all_sunk() && next_volley_size() > 0) {
      turn_under_way_ = true;
      return;
    }
    next_ = 1 - p;
    if (p == 1)
      end_of_round();
    else if (!rules_.equalising_shot && oceans_[1].all_sunk())
      finish(GameEnd::win, 0);
  }
  /// Plays turns until the round ends (both players moved) or the match is over (seed 003's
  /// `PlayRound`).
  void play_round() {
    do play_turn();
    while (!is_over() && next_ != 0);
  }
  /// Plays until the match is over and returns the outcome (seed 003's `PlayToEnd`). `stop`,
  /// when given, is read before each turn: once it is true the match is left where it is, still
  /// `in_progress` (a cancelled run does not wait for a slow match to end).
  const GameOutcome& play_to_end(const std::atomic<bool>* stop = nullptr) {
    while (!is_over() && !(stop && stop->load(std::memory_order_relaxed))) play_turn();
    return outcome_;
  }

private:
  /// Marks a volley under way for its lifetime; refuses to start inside another (a hook that
  /// played the game itself went on over the volley's data: 8 valid shots in a turn of 3). A
  /// game without observer hooks (`NullObserver`, every simulation's) keeps no mark: about 2
  /// percent of a match's instructions, for strategies that would have to hold the game itself.
  static constexpr bool watches_hooks = !std::is_same_v<Observer, NullObserver>;
  static constexpr const char* in_play_refusal =
      "a Game cannot be played or reset from its own observer's hooks or its strategies "
      "(abort is the call a hook may make)";
  class InPlay {
  public:
    explicit InPlay(bool& flag) : flag_(flag) {
      if constexpr (watches_hooks) {
        if (flag_) throw std::logic_error(in_play_refusal);
        flag_ = true;
      }
    }
    ~InPlay() {
      if constexpr (watches_hooks) flag_ = false;
    }
    InPlay(const InPlay&) = delete;
    InPlay& operator=(const InPlay&) = delete;

  private:
    bool& flag_;
  };

  static std::size_t index(int player) noexcept { return player == 0 ? 0 : 1; }
  static std::size_t checked(int player) {
    if (player != 0 && player != 1)
      throw std::out_of_range(detail::concat("player must be 0 or 1, got ", player));
    return index(player);
  }

  struct Named {
    Coord cell;
    ShotRefusal refused = ShotRefusal::none; // none: the shot will be fired
  };

  void reseed(std::uint64_t seed) {
    seed_ = seed;
    rngs_[0].reseed(derive_seed(seed, 0));
    rngs_[1].reseed(derive_seed(seed, 1));
  }

  void start() {
    started_ = true;
    for (int p = 0; p < 2; ++p)
      if (!oceans_[index(p)].all_placed()) {
        abort(detail::concat("player ", p, "'s fleet is not placed"), p);
        return;
      }
    if constexpr (requires(Observer & o, const Ocean<S>& ocean) { o.on_placement(0, ocean); }) {
      if (observer_) {
        for (int p = 0; p < 2 && !is_over(); ++p) observer_->on_placement(p, oceans_[index(p)]);
        if (is_over()) return;
      }
    }
    shooter0_.start(views_[0]);
    shooter1_.start(views_[1]);
  }

  int shots_left(int p) const noexcept {
    if (rules_.shot_cap <= 0) return oceans_[0].board().cells();
    return (std::max)(0, rules_.shot_cap - outcome_.shots[index(p)]);
  }

  // Announces one shot to the observer (and its sinking); returns false if the match ended.
  bool announce(int p, Coord c, const ShotOutcome& full, const ShotOutcome& told) {
    if constexpr (requires(Observer & o, Coord cell, const ShotOutcome& x) {
                    o.on_shot(0, cell, x, x);
                  }) {
      if (observer_) observer_->on_shot(p, c, full, told);
    }
    if constexpr (requires(Observer & o) { o.on_sunk(0, 0); }) {
      if (observer_ && full.sank() && !is_over()) observer_->on_sunk(p, full.ship);
    }
    return !is_over();
  }

  // Ends the pending state of the cells named from the `from`-th on (an invalid outcome only
  // does that): they will not be fired.
  void withdraw_named(TargetView<S>& view, std::size_t from) noexcept {
    for (std::size_t k = from; k < named_.size(); ++k)
      if (named_[k].refused == ShotRefusal::none)
        view.record(named_[k].cell, ShotOutcome{ShotResult::invalid, -1, ShotRefusal::none});
  }

  std::string too_many_invalid(int p) const {
    return detail::concat("player ", p, " made too many invalid shots in a row");
  }

  // Names and resolves one volley of player `p`; returns whether it earned another
  // (`Volley::until_miss` and a hit).
  template <class Shooter>
  bool fire_volley(int p, Shooter& shooter) {
    Ocean<S>& target = oceans_[index(1 - p)];
    TargetView<S>& view = views_[index(p)];
    int& streak = invalid_streak_[index(p)];
    const bool refuse = rules_.invalid_shot == InvalidShot::refused;
    const int n = next_volley_size();
    if (n <= 0 || target.all_sunk()) return false;
    // Name the volley. A shooter that throws meanwhile (an inbox of a person's cells run dry)
    // leaves the game as it was: no cell stays pending, its generator and count of invalid
    // shots are restored. What it was told of its refused cells is its own to forget.
    named_.clear();
    bool gave_up = false;
    const Rng rng_before = rngs_[index(p)];
    const int streak_before = streak;
    try {
      for (int count = 0; count < n;) {
        const Coord c = shooter.next_shot(view, rngs_[index(p)]);
        if (refuse && !view.is_open(c)) [[unlikely]] {
          const ShotRefusal why =
              target.board().contains(c) ? ShotRefusal::already_shot : ShotRefusal::off_board;
          named_.push_back(Named{c, why});
          shooter.on_result(view, c, ShotOutcome{ShotResult::invalid, -1, why});
          if (++streak >= rules_.max_invalid_in_a_row || is_over()) {
            gave_up = true;
            break;
          }
          continue;
        }
        if (refuse) streak = 0;
        named_.push_back(Named{c, ShotRefusal::none});
        if (view.is_open(c)) view.add_pending(c);
        ++count;
      }
    } catch (...) {
      withdraw_named(view, 0);
      rngs_[index(p)] = rng_before;
      streak = streak_before;
      throw;
    }
    // Resolve and announce it, in naming order.
    bool again = false;
    bool telling_shooter = false;
    std::size_t k = 0;
    try {
      for (; k < named_.size(); ++k) {
        const Named& shot = named_[k];
        if (shot.refused != ShotRefusal::none) {
          const ShotOutcome refused{ShotResult::invalid, -1, shot.refused};
          if (!announce(p, shot.cell, refused, refused)) return false;
          continue;
        }
        const ShotOutcome full = target.fire(shot.cell);
        const ShotOutcome told = disclose(full, rules_.disclosure);
        view.record(shot.cell, told);
        if (full.valid()) {
          ++outcome_.shots[index(p)];
          if (!refuse) streak = 0;
          if (rules_.volley == Volley::until_miss && full.struck()) again = true;
        } else {
          ++streak;
        }
        // Counted and announced before the shooter hears of it: a shooter that throws from
        // on_result leaves a game whose totals and observers hold every shot its oceans took.
        const bool going = announce(p, shot.cell, full, told);
        telling_shooter = true;
        shooter.on_result(view, shot.cell, told);
        telling_shooter = false;
        if (!going) return false;
        if (!full.valid() && streak >= rules_.max_invalid_in_a_row) {
          abort(too_many_invalid(p), p);
          return false;
        }
      }
    } catch (...) {
      // Some shots are fired and the rest cannot be told: the volley cannot end as named. The
      // rest are withdrawn (none stays pending for ever) and the match ends here, with the
      // shooter at fault if it threw, instead of going on with a turn half played.
      withdraw_named(view, k + 1);
      abort(detail::concat("player ", p, "'s volley was cut short: ",
                           telling_shooter ? "its shooter" : "an observer",
                           " threw while told of a shot"),
            telling_shooter ? p : -1);
      throw;
    }
    if (gave_up) {
      abort(too_many_invalid(p), p);
      return false;
    }
    return again;
  }

  void end_of_round() {
    const bool first_sunk = oceans_[0].all_sunk();
    const bool second_sunk = oceans_[1].all_sunk();
    if (first_sunk && second_sunk) return finish(GameEnd::draw, -1);
    if (second_sunk) return finish(GameEnd::win, 0);
    if (first_sunk) return finish(GameEnd::win, 1);
    if (shots_left(0) == 0 && shots_left(1) == 0) return finish(GameEnd::draw, -1);
  }

  void finish(GameEnd end, int winner) {
    turn_under_way_ = false;
    outcome_.end = end;
    outcome_.winner = winner;
    if constexpr (requires(Observer & o, const GameOutcome& g) { o.on_game_over(g); }) {
      if (observer_) observer_->on_game_over(outcome_);
    }
  }

  Rules rules_;
  std::array<Ocean<S>, 2> oceans_;
  std::array<TargetView<S>, 2> views_;
  Shooter0 shooter0_;
  Shooter1 shooter1_;
  std::array<Rng, 2> rngs_{Rng(0), Rng(0)};
  std::uint64_t seed_ = 0;
  GameOutcome outcome_;
  Observer* observer_ = nullptr;
  std::vector<Named> named_;
  std::array<int, 2> invalid_streak_{};
  int next_ = 0;
  bool started_ = false;
  bool turn_under_way_ = false;
  bool in_play_ = false; // a volley is being played: a hook calling play_* or reset is refused
};

} // namespace battleship
