//===- KernelArgs.h - Typed kernel arguments, packed ------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// cuLaunchKernel takes a void*[] whose entries point at each argument's
// bytes. KernelArgs copies the arguments into storage it owns and points at
// that, so no entry can dangle (a temporary passed to launch() is copied
// before its full-expression ends), and records each argument's size so a
// launch can check them against the kernel's parameter layout. Only
// trivially copyable values can be kernel parameters; anything else is a
// compile error. Types that stand for a device address (DeviceBuffer)
// convert through KernelArgTraits.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_KERNELARGS_H
#define DIVOPT_RUNTIME_KERNELARGS_H

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace divopt::runtime {

/// How a host value becomes a kernel parameter: by default, a copy of
/// itself. Specialise for handle types (DeviceBuffer passes its address).
template <typename T, typename = void> struct KernelArgTraits {
  using Type = T;
  static const T &convert(const T &Value) { return Value; }
};

/// Whether T can be passed to launch(): not an array (which would decay to
/// a host pointer) and trivially copyable once converted.
template <typename T>
inline constexpr bool IsKernelArgument =
    !std::is_array_v<T> &&
    std::is_trivially_copyable_v<typename KernelArgTraits<T>::Type>;

template <typename... Ts> class KernelArgs {
  static_assert((IsKernelArgument<Ts> && ...),
                "kernel arguments must be trivially copyable values (or "
                "types with a KernelArgTraits specialisation)");

public:
  explicit KernelArgs(const Ts &...Values)
      : Storage(KernelArgTraits<Ts>::convert(Values)...) {
    bind(std::index_sequence_for<Ts...>());
  }

  // The pointers point into this object: copying or moving it would leave
  // them pointing at the source.
  KernelArgs(const KernelArgs &) = delete;
  KernelArgs &operator=(const KernelArgs &) = delete;

  /// The kernelParams array; null when there are no arguments, as the
  /// driver accepts.
  void **pointers() { return sizeof...(Ts) ? Pointers.data() : nullptr; }
  const std::size_t *sizes() const { return Sizes.data(); }
  static constexpr std::size_t size() { return sizeof...(Ts); }

  /// The stored (converted) value of argument I.
  template <std::size_t I> const auto &get() const {
    return std::get<I>(Storage);
  }

private:
  template <std::size_t... I> void bind(std::index_sequence<I...>) {
    ((Pointers[I] = static_cast<void *>(&std::get<I>(Storage))), ...);
  }

  std::tuple<typename KernelArgTraits<Ts>::Type...> Storage;
  std::array<void *, sizeof...(Ts)> Pointers{};
  static constexpr std::array<std::size_t, sizeof...(Ts)> Sizes = {
      sizeof(typename KernelArgTraits<Ts>::Type)...};
};

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_KERNELARGS_H
