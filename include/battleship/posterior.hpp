/// @file posterior.hpp
/// @brief Where a hidden fleet probably is: `bayes`'s posterior over its layouts, told answer by
/// answer, as a probability map (hints for a game, heat maps for a lesson, features for a learner).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/answer_refusal.hpp>
#include <battleship/board.hpp>
#include <battleship/detail/text.hpp>
#include <battleship/fleet.hpp>
#include <battleship/outcome.hpp>
#include <battleship/rng.hpp>
#include <battleship/rules.hpp>
#include <battleship/strategies/bayes.hpp>
#include <battleship/view.hpp>

namespace battleship {

/// The posterior over a hidden fleet's layouts, given the answers recorded so far: for every
/// cell, the probability that a ship lies there.
///
/// The posterior is the one `BayesShooter` fires by: complete labelled layouts of the fleet,
/// equally likely a priori (as `UniformPlacer` draws them), restricted to those that fit every
/// answer (misses, hits, the order of the shots, each sinking as far as the disclosure rule
/// reveals it, the touching rule). They are counted exactly when few (`exact()`) and sampled
/// without bias otherwise, `samples` at a time, from a generator seeded by (seed, answers
/// recorded), so the map depends only on the answers and the seed.
///
/// A refused answer leaves the posterior as it was. An answer is refused as inconsistent only
/// when the layouts were counted and none fits. When they are too many to count and sampling
/// finds none (it can: sampling is unbiased, not certain to find one), the answer is taken,
/// `exact()` is false and the map is 0 on the open cells until a later answer lets sampling find
/// layouts again (`BayesShooter::lost`).
///
/// The fleet's last hit ends the game. Under `hit_only` nothing announces it, and while a game
/// goes on no layout has every ship hit, so that answer is taken as the end of the game: it is
/// recorded when some layout that fit the earlier answers covers the cell (every ship then lies on
/// the hits), and the map is then 1 on the hits and 0 everywhere else.
///
/// @code
/// using namespace battleship;
/// Posterior<ClassicShape> belief(Board<ClassicShape>{}, fleets::classic, Rules{});
/// AnswerRefusal refusal = belief.record(Coord{4, 4}, ocean.fire(Coord{4, 4})); // none
/// double p = belief.probability(Coord{4, 5});
/// @endcode
template <BoardShape S>
class Posterior {
public:
  /// The board type.
  using board_type = Board<S>;

  /// Samples per estimate unless told otherwise (`BayesShooter`'s own setting).
  static constexpr int default_samples = 1500;

  /// No answers yet: the prior of `fleet` on `board` under `rules`. Throws
  /// `std::invalid_argument` for rules or a fleet that cannot be played there, for `samples`
  /// below 1, and when no layout of the fleet fits the board at all.
  Posterior(const board_type& board, const Fleet& fleet, const Rules& rules, std::uint64_t seed = 0,
            int samples = default_samples)
      : view_(checked_view(board, fleet, rules)), seed_(seed) {
    if (samples < 1)
      throw std::invalid_argument(detail::concat("samples must be at least 1, got ", samples));
    bayes_.samples = samples;
    bayes_.start(view_);
    refresh();
    if (bayes_.layouts() <= 0)
      throw std::invalid_argument("no layout of the fleet fits the board under these rules");
  }

  /// Records the answer to the shot at `c`. The ocean's own answer will do: only what the
  /// disclosure rule reveals is used. On a refusal nothing changes and the reason is returned.
  [[nodiscard]] AnswerRefusal record(Coord c, const ShotOutcome& answer) {
    if (!view_.board().contains(c)) return AnswerRefusal::off_board;
    if (!answer.valid()) return AnswerRefusal::invalid_shot;
    if (!view_.is_open(c)) return AnswerRefusal::already_recorded;
    // The answer as given, before the disclosure rule hides its ship: a ship the fleet lacks is
    // a wrong answer whether or not this rule would have told it (as `TargetView` refuses it).
    if (answer.ship < -1 || answer.ship >= view_.fleet().ship_count())
      return AnswerRefusal::unknown_ship;
    const ShotOutcome told = disclose(answer, view_.rules().disclosure);
    // A ship sunk twice, or more sinkings than ships: the view's own counts would break.
    if (const AnswerRefusal r = view_.refusal(c, told); r != AnswerRefusal::none) return r;
    if (over_) { // every ship lies on the hits: only water is left
      if (told.struck()) return AnswerRefusal::inconsistent;
      view_.record(c, told);
      return AnswerRefusal::none;
    }
    // Tried on a copy: an answer no layout fits must leave this posterior as it was.
    Posterior next = *this;
    next.view_.record(c, told);
    if (ends_unannounced(next.view_, told)) {
      const double covering = bayes_.probability(c); // of the layouts that fit so far
      if (covering <= 0 && bayes_.exact()) return AnswerRefusal::inconsistent;
      next.over_ = true;
      next.final_layouts_ = bayes_.exact() ? std::round(bayes_.layouts() * covering) : 0.0;
      *this = std::move(next);
      return AnswerRefusal::none;
    }
    next.bayes_.on_result(next.view_, c, told);
    next.refresh();
    // Refused only when counted: sampling that finds no layout proves nothing (`lost`).
    if (next.bayes_.exact() && next.bayes_.layouts() <= 0) return AnswerRefusal::inconsistent;
    *this = std::move(next);
    return AnswerRefusal::none;
  }

  /// The probability that a ship lies at `c`: 1 on hits, 0 on misses. Throws
  /// `std::out_of_range` for a cell off the board.
  [[nodiscard]] double probability(Coord c) const {
    if (!view_.board().contains(c))
      throw std::out_of_range(detail::concat("cell (", c.row, ", ", c.col, ") is not on the ",
                                             view_.board().rows(), " x ", view_.board().cols(),
                                             " board"));
    const std::size_t i = view_.board().index(c);
    if (view_.hits().test(i)) return 1.0;
    if (view_.misses().test(i) || over_) return 0.0;
    return bayes_.probability(c);
  }

  /// `probability` of every cell, in row-major order.
  [[nodiscard]] std::vector<double> probabilities() const {
    const board_type& board = view_.board();
    std::vector<double> out(static_cast<std::size_t>(board.cells()));
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = probability(board.coord(i));
    return out;
  }

  /// Whether the map comes from counting every consistent layout (else from sampling).
  [[nodiscard]] bool exact() const noexcept { return over_ ? final_layouts_ > 0 : bayes_.exact(); }
  /// How many layouts fit the answers (ships of one class told apart), when they were counted.
  [[nodiscard]] std::optional<double> layouts() const noexcept {
    if (!exact()) return std::nullopt;
    return over_ ? final_layouts_ : bayes_.layouts();
  }
  /// Whether the answers sank the whole fleet (every ship lies on the hits).
  [[nodiscard]] bool over() const noexcept {
    return over_ || view_.hits().count() == view_.fleet().total_length();
  }
  /// Number of answers recorded.
  [[nodiscard]] int shots() const noexcept { return view_.shots_fired(); }
  /// Layouts drawn per estimate when they are too many to count (as made).
  [[nodiscard]] int samples() const noexcept { return bayes_.samples; }
  /// What the answers revealed, as a shooter's view.
  [[nodiscard]] const TargetView<S>& view() const noexcept { return view_; }

private:
  // The rules and the fleet are checked before a view is built on them (a view sizes its tables
  // by the fleet).
  static TargetView<S> checked_view(const board_type& board, const Fleet& fleet,
                                    const Rules& rules) {
    rules.validate();
    fleet.validate(board.shape());
    return TargetView<S>(board, fleet, rules);
  }

  // Whether `view`, told `told` last, has just seen the fleet's last hit without its being
  // announced (`hit_only`): the one answer the game-goes-on posterior cannot hold.
  static bool ends_unannounced(const TargetView<S>& view, const ShotOutcome& told) {
    return view.rules().disclosure == Disclosure::hit_only && told.struck() &&
           view.hits().count() == view.fleet().total_length();
  }

  // Each estimate draws from a generator seeded by (seed, answers recorded): the map depends on
  // the answers and the seed, not on when it was asked for.
  void refresh() {
    Rng rng(derive_seed(seed_, static_cast<std::uint64_t>(view_.shots_fired())));
    bayes_.update(view_, rng);
  }

  TargetView<S> view_;
  BayesShooter<S> bayes_;
  std::uint64_t seed_;
  bool over_ = false;          // the last hit came unannounced: the game is over (hit_only)
  double final_layouts_ = 0.0; // then, how many layouts fit, when they were counted (else 0)
};

} // namespace battleship
