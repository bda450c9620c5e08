//===- Tissue.h - A layered-tissue description for MCML ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What an MCML run simulates: the layers, the media around them, how many
// photons, the absorption grid, and optionally published values to check
// the result against. It is read from a small text format (README.md in
// this folder documents it; inputs/ holds examples) and turned into the
// per-layer records the kernel reads.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_TISSUE_H
#define DIVOPT_BENCH_MCML_TISSUE_H

#include "KernelInterface.h"

#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace divopt::mcml {

/// A malformed description; what() is "<origin>:<line>: <reason>".
class TissueError : public std::runtime_error {
public:
  explicit TissueError(const std::string &Message)
      : std::runtime_error(Message) {}
};

struct TissueLayer {
  std::string Name; ///< Optional, for the reader of the file.
  double N = 0;     ///< Refractive index.
  double Mua = 0;   ///< Absorption coefficient, 1/cm.
  double Mus = 0;   ///< Scattering coefficient, 1/cm.
  double G = 0;     ///< Anisotropy.
  double D = 0;     ///< Thickness, cm.
};

/// Total diffuse reflectance and transmittance that a trusted source
/// published for this case, to check the simulation against.
struct PublishedValues {
  double Rd = 0;
  double Tt = 0;
  /// Half a unit in the last digit given: how far the printed numbers
  /// themselves may be from the truth.
  double RdRounding = 0;
  double TtRounding = 0;
};

struct Tissue {
  std::string Name; ///< The file's stem, for tables.
  double AmbientAbove = 1.0;
  double AmbientBelow = 1.0;
  std::vector<TissueLayer> Layers;
  unsigned long long Photons = 0;
  double Dz = 0, Dr = 0; ///< Grid steps, cm.
  int Nz = 0, Nr = 0;    ///< Grid bins; the last ones collect the overflow.
  std::optional<PublishedValues> Published;
};

/// Parses the text format; Origin names the source in errors.
Tissue parseTissue(std::istream &In, const std::string &Origin);
Tissue readTissueFile(const std::string &Path);

/// The kernel's layer records: the ambient medium above, the layers, the
/// ambient medium below (MCML's numbering), in float.
std::vector<LayerSpec> makeLayerSpecs(const Tissue &T);

/// Specular reflectance at the top surface (MCML's Rsp): the part of each
/// photon's weight that never enters the tissue.
double getSpecularReflectance(const Tissue &T);

/// The weight a photon enters with: 1 - Rsp, in float.
float getLaunchWeight(const Tissue &T);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_TISSUE_H
