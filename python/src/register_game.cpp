// Game: a two-player match under any rules, played turn by turn or to the end.
#include <pybind11/stl.h>

#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/game.hpp>
#include <battleship/registry.hpp>

#include "bindings.hpp"
#include "collectable.hpp"
#include "handle.hpp"
#include "python_strategy.hpp"

namespace bsp {
namespace {
using namespace battleship;

/// Records the match's shots, and forwards its events to a Python object's on_placement /
/// on_turn_start / on_shot / on_sunk / on_game_over, those it has.
///
/// The shots are recorded here, not by a Python hook, so that a match of built-in shooters with
/// no Python observer runs no Python code until it ends: Ctrl-C is then seen only between turns
/// (`play_to_end`), where the match can go on, not inside a hook after a shot was fired.
template <class S>
class PythonObserver final : public GameObserver<S>, public PythonReferences {
public:
  /// Calls `o`'s hooks from now on (none for None), looked up once here (a lookup an event, by
  /// `hasattr` then `attr`, was most of a game's cost when played from Python).
  void listen(const py::object& o) {
    placement_ = hook(o, "on_placement");
    turn_start_ = hook(o, "on_turn_start");
    shot_ = hook(o, "on_shot");
    sunk_ = hook(o, "on_sunk");
    game_over_ = hook(o, "on_game_over");
  }
  void on_placement(int player, const Ocean<S>& ocean) override {
    if (!placement_.is_none()) // a copy: the game's own ocean changes as it is shot
      placement_(player, Handle<Ocean<S>>(Ocean<S>(ocean)));
  }
  void on_turn_start(int player, int round) override {
    if (!turn_start_.is_none()) turn_start_(player, round);
  }
  void on_shot(int player, Coord cell, const ShotOutcome& full, const ShotOutcome& told) override {
    fired_.push_back({player, cell, full, told}); // first: a hook that raises misses no shot
    if (!shot_.is_none()) shot_(player, cell_tuple(cell.row, cell.col), full, told);
  }
  void on_sunk(int player, int ship) override {
    if (!sunk_.is_none()) sunk_(player, ship);
  }
  void on_game_over(const GameOutcome& outcome) override {
    if (!game_over_.is_none()) game_over_(outcome);
  }

  int traverse(visitproc visit, void* arg) const override {
    for (const py::object* o : {&placement_, &turn_start_, &shot_, &sunk_, &game_over_})
      Py_VISIT(o->ptr());
    return 0;
  }
  void clear() override {
    for (py::object* o : {&placement_, &turn_start_, &shot_, &sunk_, &game_over_}) *o = py::none();
  }

  /// The shots fired from the `from`-th on, as (player, (row, col), outcome, told) tuples.
  [[nodiscard]] py::list fired(std::size_t from) const {
    py::list shots;
    for (std::size_t i = from; i < fired_.size(); ++i) {
      const Fired& f = fired_[i];
      shots.append(py::make_tuple(f.player, cell_tuple(f.cell.row, f.cell.col), f.full, f.told));
    }
    return shots;
  }

private:
  struct Fired {
    int player;
    Coord cell;
    ShotOutcome full, told;
  };
  static py::object hook(const py::object& o, const char* name) {
    return py::getattr(o, name, py::none());
  }
  std::vector<Fired> fired_;
  py::object placement_ = py::none(), turn_start_ = py::none(), shot_ = py::none(),
             sunk_ = py::none(), game_over_ = py::none();
};

template <class S>
struct GameBox {
  /// The Python placers' (a placer that raised is blamed by the caller, which knows the player).
  std::shared_ptr<StrategyFailure> placer_failure = std::make_shared<StrategyFailure>();
  /// Each player's shooter's own, so a shooter that raised is told apart from the other.
  std::array<std::shared_ptr<StrategyFailure>, 2> shooter_failure{
      std::make_shared<StrategyFailure>(), std::make_shared<StrategyFailure>()};
  std::unique_ptr<Game<S>> game;
  /// Observes `game` from its making: records its shots, and calls the hooks `observe` gave it.
  PythonObserver<S> observer;
  /// True from the first play call on: the oceans lent to Python are read-only from then.
  std::shared_ptr<bool> played = std::make_shared<bool>(false);
  /// True while a call is playing the game or placing a fleet (an observer or strategy calling
  /// back into the game is refused).
  bool busy = false;
  /// True when the last play call stopped for Ctrl-C (or another signal's exception) between two
  /// turns, or in a move that was taken back (`StoppableMoves`): the match can go on.
  bool interrupted = false;
  /// The Python shooters' objects, shown to the garbage collector with the observer's hooks.
  std::vector<std::shared_ptr<PythonReferences>> shooters_held;

  /// Visits the Python objects the game holds: its Python shooters' and its observer's
  /// (`collectable`: a shooter or observer that keeps its `Game`, a GUI's or an environment's,
  /// made a cycle the collector could not see, and every such game stayed in memory).
  int traverse(visitproc visit, void* arg) const {
    if (const int found = observer.traverse(visit, arg)) return found;
    for (const auto& held : shooters_held)
      if (const int found = held->traverse(visit, arg)) return found;
    return 0;
  }
  /// Lets go of them: a Python shooter's later call raises, an observer hears nothing more.
  void clear() {
    observer.clear();
    for (const auto& held : shooters_held) held->clear();
  }

  /// `h` as the game's shooter on a board of `cells` cells, its Python objects noted if it is a
  /// Python shooter, its moves made stoppable if they may take seconds (`StoppableMoves`).
  AnyShotStrategy<S> shooter(py::handle h, const std::shared_ptr<StrategyFailure>& failure,
                             int cells) {
    if (!is_python_strategy(h)) {
      AnyShotStrategy<S> made = any_shooter<S>(h, failure);
      if (!move_may_be_long(slow_move_scale(h), cells)) return made;
      return AnyShotStrategy<S>(StoppableMoves<S>{std::move(made), &interrupted});
    }
    PythonShooter<S> made(h, failure);
    shooters_held.push_back(made.references());
    return AnyShotStrategy<S>(std::move(made));
  }

  int player(py::handle which) const {
    const long long p = index_argument(which, "player");
    if (p != 0 && p != 1)
      throw py::index_error("player must be 0 or 1, got " + py::repr(which).cast<std::string>());
    return static_cast<int>(p);
  }

  /// Runs `f` (a call that plays or places), refusing a call made from inside another.
  template <class F>
  decltype(auto) run(F&& f) {
    if (busy) throw std::runtime_error("a game cannot be played from its own observer or strategy");
    busy = true;
    struct Done {
      bool& busy;
      ~Done() { busy = false; }
    } done{busy};
    return f();
  }
  /// Runs `f`, a call that plays: the oceans are frozen from now on.
  template <class F>
  decltype(auto) play(F&& f) {
    return run([&]() -> decltype(auto) {
      *played = true;
      interrupted = false;
      for (const auto& failure : shooter_failure) failure->raised = false; // this call's, if any
      return f();
    });
  }
  /// Raises what a pending signal's handler raised (Ctrl-C's KeyboardInterrupt, which came
  /// while the engine played) with the match between two turns or volleys and `interrupted`
  /// set: it can go on. Raised after the call instead, it would abort the match.
  void check_signals() {
    if (!game->is_over() && PyErr_CheckSignals() != 0) {
      interrupted = true;
      throw py::error_already_set();
    }
  }
  /// Plays one step, `Game::play_turn`, `play_volley` or `play_round`, then raises a Ctrl-C that
  /// came during it with the match resumable (`check_signals`).
  template <void (Game<S>::*Step)()>
  void play_step() {
    play([&] {
      (game.get()->*Step)();
      check_signals();
    });
  }
  /// Plays turns until the match is over, looking for Ctrl-C between them. (The GIL stays held:
  /// another thread could otherwise read the oceans the game is changing.)
  const GameOutcome& play_to_end() {
    while (!game->is_over()) {
      game->play_turn();
      check_signals();
    }
    return game->outcome();
  }
};

template <class S>
void bind_game(py::module_& m) {
  using Box = GameBox<S>;
  py::class_<Box>(m, ("Game_" + suffix<S>()).c_str(), "A two-player match (see battleship.Game).",
                  py::custom_type_setup(&collectable<Box>))
      .def(py::init([](int rows, int cols, const Fleet& fleet, const Rules& rules, py::handle first,
                       py::handle second, std::uint64_t seed) {
             auto box = std::make_unique<Box>();
             if (auto p = rules.problem()) throw py::value_error(*p);
             const S shape(rows, cols);
             fleet.validate(shape);
             box->game = std::make_unique<Game<S>>(
                 Board<S>(shape), fleet, rules,
                 box->shooter(first, box->shooter_failure[0], rows * cols),
                 box->shooter(second, box->shooter_failure[1], rows * cols), seed);
             box->game->observe(&box->observer);
             return box;
           }),
           py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("first"),
           py::arg("second"), py::arg("seed"))
      .def("place",
           [](Box& b, py::handle p, py::handle placer) {
             const int player = b.player(p);
             return b.run(
                 [&] { return b.game->place(player, any_placer<S>(placer, b.placer_failure)); });
           })
      .def("set_ocean",
           [](Box& b, py::handle p, const Handle<Ocean<S>>& ocean) {
             const int player = b.player(p);
             const OceanRefusal why = b.run([&] { return b.game->set_ocean(player, ocean.get()); });
             return std::string(to_string(why)); // "done", or why the ocean was refused
           })
      .def("ocean", // arguments as handles (index_argument says why)
           [](py::handle self, py::handle p) {
             auto& b = self.cast<Box&>();
             Handle<Ocean<S>> ocean(&b.game->ocean(b.player(p)), b.played, "the game's ocean",
                                    "play has started");
             ocean.keep(py::reinterpret_borrow<py::object>(self)); // not keep_alive: collectable
             return ocean;
           })
      .def("view",
           [](py::handle self, py::handle p) {
             auto& b = self.cast<Box&>();
             const auto& view = b.game->view(b.player(p));
             Handle<TargetView<S>> out(const_cast<TargetView<S>*>(&view), false, "the game's view");
             out.keep(py::reinterpret_borrow<py::object>(self));
             return out;
           })
      .def("abort",
           [](Box& b, std::string reason, int at_fault) { // the game checks at_fault
             b.run([&] { b.game->abort(std::move(reason), at_fault); });
           })
      .def("play_turn", &Box::template play_step<&Game<S>::play_turn>)
      .def("play_volley", &Box::template play_step<&Game<S>::play_volley>)
      .def("play_round", &Box::template play_step<&Game<S>::play_round>)
      .def("play_to_end", [](Box& b) { return b.play([&] { return b.play_to_end(); }); })
      .def_property_readonly("started", [](const Box& b) { return b.game->started(); })
      .def_property_readonly("outcome", [](const Box& b) { return b.game->outcome(); })
      .def_property_readonly("is_over", [](const Box& b) { return b.game->is_over(); })
      .def_property_readonly("to_move", [](const Box& b) { return b.game->to_move(); })
      .def_property_readonly(
          "raised",
          [](const Box& b) -> py::object {
            for (int p : {0, 1})
              if (const StrategyFailure& f = *b.shooter_failure[static_cast<std::size_t>(p)];
                  f.raised)
                return py::make_tuple(p, f.where);
            return py::none();
          },
          "(player, 'the shooter's next_shot') for the Python shooter whose call raised, if any.")
      .def_property_readonly(
          "interrupted", [](const Box& b) { return b.interrupted; },
          "Whether the last play call stopped for Ctrl-C between two turns or in a move taken "
          "back (the match can go on).")
      .def(
          "fired", [](const Box& b, std::size_t from) { return b.observer.fired(from); },
          "The shots fired from the `from`-th on, as (player, (row, col), outcome, told).")
      .def_property_readonly("next_volley_size",
                             [](const Box& b) { return b.game->next_volley_size(); })
      .def_property_readonly("turn_under_way",
                             [](const Box& b) { return b.game->turn_under_way(); })
      .def_property_readonly("rules", [](const Box& b) { return b.game->rules(); })
      .def("observe", [](Box& b, const py::object& o) {
        if (b.busy) throw std::runtime_error("a game's observer cannot be changed during play");
        b.observer.listen(o); // None: no hooks; the shots are still recorded
      });
}
} // namespace

void register_game(py::module_& m) {
  py::class_<GameOutcome>(m, "GameOutcome", "How a match ended.")
      .def_property_readonly(
          "end", [](const GameOutcome& o) { return std::string(to_string(o.end)); },
          "'in_progress', 'win', 'draw' or 'aborted'.")
      .def_property_readonly(
          "winner",
          [](const GameOutcome& o) {
            return o.winner < 0 ? py::object(py::none()) : py::int_(o.winner);
          },
          "0 or 1 for a win, else None.")
      .def_readonly("reason", &GameOutcome::reason, "Why the match was aborted.")
      .def_property_readonly(
          "at_fault",
          [](const GameOutcome& o) {
            return o.at_fault < 0 ? py::object(py::none()) : py::int_(o.at_fault);
          },
          "The player whose failure aborted the match, or None.")
      .def_readonly("rounds", &GameOutcome::rounds)
      .def_property_readonly(
          "shots", [](const GameOutcome& o) { return py::make_tuple(o.shots[0], o.shots[1]); });
  for_each_shape([&]<class S>() { bind_game<S>(m); });
}
} // namespace bsp
