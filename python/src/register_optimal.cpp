// optimal_expected_shots(), OptimalShooter and simulate_every_layout(): perfect play on small
// boards (strategies/optimal.hpp) and a shooter played against every layout (simulate.hpp). Only
// the small shape: no board whose layouts can all be listed comes near 128 cells.
#include <atomic>

#include <battleship/simulate.hpp>
#include <battleship/strategies/optimal.hpp>

#include "batch.hpp"
#include "bindings.hpp"
#include "convert.hpp"
#include "python_strategy.hpp"
#include "run.hpp"

namespace bsp {
namespace {
/// `solve(cancel)` under `run_stoppable` when it `searches`: a search may take minutes, and
/// Ctrl-C sets `*cancel`, which stops it with `SearchCancelled`. Otherwise `solve(nullptr)` here:
/// an answer already solved needs no thread (one costs about 70 microseconds a call).
template <class Solve>
auto cancellable(bool searches, Solve&& solve) {
  if (!searches) return solve(nullptr);
  return run_stoppable(solve);
}
} // namespace

void register_optimal(py::module_& m) {
  using namespace battleship;
  using S = SmallShape;
  // std::invalid_argument and std::length_error reach Python as ValueError.
  m.def(
      "optimal_expected_shots",
      [](int rows, int cols, const Fleet& fleet, const Rules& rules, std::size_t max_layouts,
         std::size_t max_positions, const py::object& progress) {
        const Board<S> board(S(rows, cols));
        // A search can take minutes: Ctrl-C cancels it, and `progress` hears the positions solved.
        RunControl control;
        const OptimalLimits limits{max_layouts, max_positions, &control.cancel, &control.done};
        return run_interruptible(
            [&] { return OptimalSearch<S>(board, fleet, rules, limits).expected_shots(); }, control,
            progress);
      },
      py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("max_layouts"),
      py::arg("max_positions"), py::arg("progress"),
      "Perfect play's expected shots; see battleship.optimal_expected_shots.");
  using View = Handle<TargetView<S>>;
  py::class_<OptimalShooterHolder>(m, "OptimalShooter",
                                   "Perfect play; see battleship.OptimalShooter.")
      .def(py::init([](std::size_t max_layouts, std::size_t max_positions) {
             return OptimalShooterHolder{
                 OptimalShooter<S>(OptimalLimits{max_layouts, max_positions}), {}};
           }),
           py::arg("max_layouts"), py::arg("max_positions"))
      .def("start",
           [](OptimalShooterHolder& h, const View& v) {
             // A copy: the search runs with the GIL released, and a view lent to a Python
             // strategy that handed it to this thread may be taken back meanwhile.
             const TargetView<S> view = v.get();
             const InUse using_it(h.in_use, "OptimalShooter");
             // The first start on a board runs the search: Ctrl-C cancels it.
             cancellable(true, [&](const std::atomic<bool>* cancel) {
               return (h.shooter.start(view, cancel), 0);
             });
           })
      .def("next_shot", // off the solved policy (after a salvo) it searches again
           [](OptimalShooterHolder& h, const View& v, const Handle<Rng>& rng) {
             const TargetView<S> view = v.get(); // copies, as for start
             Rng r = rng.get_mut();
             const InUse using_it(h.in_use, "OptimalShooter");
             const Coord cell =
                 cancellable(h.shooter.would_search(), [&](const std::atomic<bool>* cancel) {
                   return h.shooter.next_shot(view, r, cancel);
                 });
             rng.get_mut() = r; // the GIL held again: the generator's loan is checked anew
             return cell;
           })
      .def("on_result",
           [](OptimalShooterHolder& h, const View& v, Coord c, const ShotOutcome& o) {
             check_answer(v.get(), c, o);
             const InUse using_it(h.in_use, "OptimalShooter");
             h.shooter.on_result(v.get(), c, o);
           })
      .def("expected_shots", [](OptimalShooterHolder& h) {
        const InUse using_it(h.in_use, "OptimalShooter");
        return cancellable(h.shooter.would_search(), [&](const std::atomic<bool>* cancel) {
          return h.shooter.expected_shots(cancel);
        });
      });
  m.def(
      "simulate_every_layout",
      [](py::handle shooter, int rows, int cols, const Fleet& fleet, const Rules& rules, int seeds,
         std::uint64_t seed, unsigned threads, std::size_t max_layouts) {
        BatchSetup setup{0, seed, threads, rows, cols, fleet, rules, py::none(), 0};
        return every_layout_games(shooter, seeds, max_layouts, setup);
      },
      py::arg("shooter"), py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"),
      py::arg("seeds"), py::arg("seed"), py::arg("threads"), py::arg("max_layouts"),
      "Every layout played by a shooter; see battleship.simulate_every_layout.");
}

} // namespace bsp
