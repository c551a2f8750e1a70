// The batch templates for boards of at most 128 cells (see batch.hpp for why one shape per unit),
// and the runs over every layout, which only such boards allow.
#include "batch_impl.hpp"

namespace bsp {
template py::dict simulate_games<SmallShape>(py::handle, py::handle, const BatchSetup&);
template py::dict solo_game<SmallShape>(py::handle, py::handle, std::uint64_t, const BatchSetup&);
template py::dict sprt_games<SmallShape>(py::handle, py::handle, py::handle, py::handle,
                                         const battleship::SprtTest&, std::uint64_t,
                                         const BatchSetup&);
template py::dict match_games<SmallShape>(py::handle, py::handle, py::handle, py::handle,
                                          const BatchSetup&);
template py::dict tournament_games<SmallShape>(const std::vector<std::string>&, const py::list&,
                                               const py::list&, const BatchSetup&);

py::dict every_layout_games(py::handle shooter, int seeds, std::size_t max_layouts,
                            const BatchSetup& setup) {
  using S = SmallShape;
  const battleship::Board<S> board(detail::checked_shape<S>(setup));
  RunControl control;
  const auto failure = detail::deferred(control);
  const bool python = is_python_strategy(shooter);
  auto options = detail::options_of(setup, python ? 1 : setup.threads, control);
  if (python) detail::track_games(options, *failure, 0);
  const auto played = any_shooter<S>(shooter, failure);
  const battleship::SimulationResult result = run_interruptible(
      [&] {
        return battleship::simulate_every_layout(board, setup.fleet, setup.rules, played, seeds,
                                                 options, max_layouts);
      },
      control, setup.progress);
  if (failure->error) detail::raise_failure(*failure, setup.seed);
  return detail::summary(result);
}
} // namespace bsp
