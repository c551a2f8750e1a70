// The batch templates for boards of up to 1024 cells (see batch.hpp for why one shape per unit).
#include "batch_impl.hpp"

namespace bsp {
template py::dict simulate_games<LargeShape>(py::handle, py::handle, const BatchSetup&);
template py::dict solo_game<LargeShape>(py::handle, py::handle, std::uint64_t, const BatchSetup&);
template py::dict sprt_games<LargeShape>(py::handle, py::handle, py::handle, py::handle,
                                         const battleship::SprtTest&, std::uint64_t,
                                         const BatchSetup&);
template py::dict match_games<LargeShape>(py::handle, py::handle, py::handle, py::handle,
                                          const BatchSetup&);
template py::dict tournament_games<LargeShape>(const std::vector<std::string>&, const py::list&,
                                               const py::list&, const BatchSetup&);
} // namespace bsp
