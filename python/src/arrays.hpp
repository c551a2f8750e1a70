// Board states as NumPy arrays of shape (rows, cols).
#pragma once

#include <pybind11/numpy.h>

#include <cstdint>

namespace bsp {
namespace py = pybind11;

/// The cells of bitboard `bits` as a bool array of shape (rows, cols).
template <class Bits>
py::array_t<bool> bool_grid(const Bits& bits, int rows, int cols) {
  py::array_t<bool> out({rows, cols});
  bool* p = out.mutable_data();
  for (int i = 0, n = rows * cols; i < n; ++i) p[i] = false;
  bits.for_each([&](std::size_t i) { p[i] = true; });
  return out;
}

/// An int8 array of shape (rows, cols) filled with `value`.
inline py::array_t<std::int8_t> int8_grid(int rows, int cols, std::int8_t value) {
  py::array_t<std::int8_t> out({rows, cols});
  std::int8_t* p = out.mutable_data();
  for (int i = 0, n = rows * cols; i < n; ++i) p[i] = value;
  return out;
}
} // namespace bsp
