// battleship.Posterior: a thin binding of battleship::Posterior (what `bayes` believes about a
// hidden fleet, as a probability map).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/outcome.hpp>
#include <battleship/posterior.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "run.hpp"

namespace bsp {
namespace {
using namespace battleship;

/// `estimate()` (a posterior made or told an answer) off this thread, so that Ctrl-C stops it: a
/// million samples on a large board take a minute. Interrupted, the sampling stops within 256
/// samples and KeyboardInterrupt is raised; the caller keeps nothing of the half-made estimate
/// (`estimate` works on its own copy).
template <class Estimate>
auto interruptible(Estimate&& estimate) {
  return run_stoppable([&](const std::atomic<bool>*) { return estimate(); });
}

/// Marks a posterior as being told an answer for the scope's life (under the GIL): another
/// thread's answer told meanwhile, while the GIL is released, would be lost when the first is
/// kept, so it is refused (RuntimeError).
class Recording {
public:
  explicit Recording(const void* posterior) : posterior_(posterior) {
    if (!busy().insert(posterior).second)
      throw std::runtime_error("this Posterior is being told another answer (from another "
                               "thread): tell it one answer at a time");
  }
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;
  ~Recording() { busy().erase(posterior_); }

private:
  static std::set<const void*>& busy() {
    static std::set<const void*> posteriors; // read and changed under the GIL only
    return posteriors;
  }
  const void* posterior_;
};

/// Whether an estimate of `samples` samples on `cells` cells is quick and runs on the calling
/// thread, as it did before Ctrl-C could stop one: a sample costs about cells x 4 ns (0.6 ms at
/// the default 1,500 on 10 x 10, 6 ms at the limit on 32 x 32), and a worker thread and the copy
/// it works on would add a tenth to it. (When sampling finds no layout, bayes draws up to 15
/// times as many and may count: rare, crowded fleets, and still not long.)
bool quick(long long samples, long long cells) {
  return samples * cells <= 150'000;
}

template <class S>
void bind_posterior(py::module_& m) {
  using T = Posterior<S>;
  py::class_<T>(m, ("Posterior_" + suffix<S>()).c_str(),
                "bayes's posterior over fleet layouts (see battleship.Posterior).")
      .def(py::init([](int r, int c, const Fleet& fleet, const Rules& rules, int samples,
                       std::uint64_t seed) {
             const auto make = [&] { return T(Board<S>(S(r, c)), fleet, rules, seed, samples); };
             try {
               return quick(samples, static_cast<long long>(r) * c) ? make() : interruptible(make);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
           }),
           py::arg("rows"), py::arg("cols"), py::arg("fleet"), py::arg("rules"), py::arg("samples"),
           py::arg("seed"))
      .def("copy", [](const T& t) { return T(t); })
      .def(
          "record",
          [](T& t, Coord c, py::handle told) {
            const ShotOutcome outcome = outcome_argument(told);
            const Recording recording(&t);
            if (quick(t.samples(), t.view().board().cells())) {
              if (const AnswerRefusal why = t.record(c, outcome); why != AnswerRefusal::none)
                raise_refusal(why, c, outcome, t.view());
              return;
            }
            // Told to a copy, kept only once its estimate is whole: Ctrl-C changes nothing, and
            // other threads may read the posterior meanwhile.
            auto [next, why] = interruptible([&, copy = t]() mutable {
              const AnswerRefusal refusal = copy.record(c, outcome);
              return std::pair<T, AnswerRefusal>(std::move(copy), refusal);
            });
            if (why != AnswerRefusal::none) raise_refusal(why, c, outcome, t.view());
            t = std::move(next);
          },
          py::arg("cell"), py::arg("outcome"))
      .def("probabilities",
           [](const T& t) {
             const Board<S>& board = t.view().board();
             py::array_t<double> out({board.rows(), board.cols()});
             const std::vector<double> map = t.probabilities();
             std::copy(map.begin(), map.end(), out.mutable_data());
             return out;
           })
      .def("answers",
           [](const T& t) {
             // The codes of battleship.posterior (and of the environment's board): 0 not shot,
             // 1 miss, 2 hit, 3 the hit that sank a ship.
             const TargetView<S>& view = t.view();
             const Board<S>& board = view.board();
             py::array_t<std::int8_t> out({board.rows(), board.cols()});
             std::int8_t* a = out.mutable_data();
             for (std::size_t i = 0, n = static_cast<std::size_t>(board.cells()); i < n; ++i)
               a[i] = view.hits().test(i) ? 2 : view.shots().test(i) ? 1 : 0;
             for (int k = 0; k < view.sunk_count(); ++k) a[board.index(view.sunk(k).cell)] = 3;
             return out;
           })
      .def_property_readonly("exact", &T::exact)
      .def_property_readonly("layouts", &T::layouts)
      .def_property_readonly("over", &T::over)
      .def_property_readonly("shots", &T::shots);
}
} // namespace

void register_posterior(py::module_& m) {
  for_each_shape([&]<class S>() { bind_posterior<S>(m); });
}
} // namespace bsp
