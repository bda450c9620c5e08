//===- Tissue.cpp - A layered-tissue description for MCML -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Tissue.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace divopt::mcml {

namespace {

/// Reads one line's "key=value" fields and the bare words between them,
/// and reports errors with the line they come from.
class Record {
public:
  Record(const std::string &Origin, unsigned Line, std::istringstream &Words)
      : Origin(Origin), Line(Line) {
    std::string Word;
    while (Words >> Word) {
      std::size_t Eq = Word.find('=');
      if (Eq == std::string::npos) {
        Bare.push_back(Word);
        continue;
      }
      std::string Key = Word.substr(0, Eq);
      if (Key.empty() || Eq + 1 == Word.size())
        fail("expected key=value, got '" + Word + "'");
      if (!Fields.emplace(Key, Word.substr(Eq + 1)).second)
        fail("'" + Key + "' given twice");
    }
  }

  [[noreturn]] void fail(const std::string &Why) const {
    throw TissueError(Origin + ":" + std::to_string(Line) + ": " + Why);
  }

  /// The value of Key as a number; Key must be present.
  double number(const std::string &Key) {
    auto It = Fields.find(Key);
    if (It == Fields.end())
      fail("missing " + Key + "=");
    double V = parseNumber(It->second, Key);
    Fields.erase(It);
    return V;
  }

  /// The printed text of Key's value (before number() consumes it).
  std::string text(const std::string &Key) const {
    auto It = Fields.find(Key);
    return It == Fields.end() ? std::string() : It->second;
  }

  double parseNumber(const std::string &Text, const std::string &What) const {
    errno = 0;
    char *End = nullptr;
    double V = std::strtod(Text.c_str(), &End);
    if (End == Text.c_str() || *End != '\0' || errno == ERANGE ||
        !std::isfinite(V))
      fail(What + ": '" + Text + "' is not a number");
    return V;
  }

  /// Every field must have been used: a misspelt key is an error, not a
  /// silently ignored property.
  void finish(std::size_t MaxBare) const {
    if (!Fields.empty())
      fail("unknown field '" + Fields.begin()->first + "'");
    if (Bare.size() > MaxBare)
      fail("unexpected word '" + Bare[MaxBare] + "'");
  }

  std::vector<std::string> Bare;

private:
  const std::string &Origin;
  unsigned Line;
  std::map<std::string, std::string> Fields;
};

/// Half a unit in the last digit of a printed number ("0.09739" -> 5e-6).
double getRounding(const std::string &Text) {
  std::size_t Dot = Text.find('.');
  std::size_t E = Text.find_first_of("eE");
  int Exponent = E == std::string::npos ? 0 : std::atoi(Text.c_str() + E + 1);
  int Decimals = 0;
  if (Dot != std::string::npos)
    Decimals =
        static_cast<int>((E == std::string::npos ? Text.size() : E) - Dot - 1);
  return 0.5 * std::pow(10.0, Exponent - Decimals);
}

std::string getStem(const std::string &Path) {
  std::size_t Slash = Path.find_last_of('/');
  std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  std::size_t Dot = Base.find_last_of('.');
  return Dot == std::string::npos || Dot == 0 ? Base : Base.substr(0, Dot);
}

void check(bool Ok, Record &R, const std::string &Why) {
  if (!Ok)
    R.fail(Why);
}

} // namespace

Tissue parseTissue(std::istream &In, const std::string &Origin) {
  Tissue T;
  T.Name = getStem(Origin);
  bool SawGrid = false, SawPhotons = false, SawAmbient = false;
  std::string Text;
  for (unsigned Line = 1; std::getline(In, Text); ++Line) {
    std::size_t Hash = Text.find('#');
    if (Hash != std::string::npos)
      Text.erase(Hash);
    std::istringstream Words(Text);
    std::string Keyword;
    if (!(Words >> Keyword))
      continue;
    Record R(Origin, Line, Words);
    if (Keyword == "photons") {
      check(!SawPhotons, R, "photons given twice");
      check(R.Bare.size() == 1, R, "expected 'photons <count>'");
      double V = R.parseNumber(R.Bare[0], "photons");
      check(V >= 1 && V <= 9.0e15 && std::floor(V) == V, R,
            "photons must be a whole number >= 1");
      T.Photons = static_cast<unsigned long long>(V);
      R.finish(1);
      SawPhotons = true;
    } else if (Keyword == "grid") {
      check(!SawGrid, R, "grid given twice");
      T.Dz = R.number("dz");
      T.Dr = R.number("dr");
      double Nz = R.number("nz"), Nr = R.number("nr");
      check(T.Dz > 0 && T.Dr > 0, R, "dz and dr must be > 0");
      check(Nz >= 1 && Nr >= 1 && Nz * Nr <= 1e8 && std::floor(Nz) == Nz &&
                std::floor(Nr) == Nr,
            R, "nz and nr must be whole numbers >= 1 (nz*nr <= 1e8)");
      T.Nz = static_cast<int>(Nz);
      T.Nr = static_cast<int>(Nr);
      R.finish(0);
      SawGrid = true;
    } else if (Keyword == "ambient") {
      check(!SawAmbient, R, "ambient given twice");
      T.AmbientAbove = R.number("above");
      T.AmbientBelow = R.number("below");
      check(T.AmbientAbove > 0 && T.AmbientBelow > 0, R,
            "refractive indices must be > 0");
      R.finish(0);
      SawAmbient = true;
    } else if (Keyword == "layer") {
      TissueLayer L;
      if (!R.Bare.empty())
        L.Name = R.Bare[0];
      L.N = R.number("n");
      L.Mua = R.number("mua");
      L.Mus = R.number("mus");
      L.G = R.number("g");
      L.D = R.number("d");
      check(L.N > 0, R, "n must be > 0");
      check(L.Mua >= 0 && L.Mus >= 0, R, "mua and mus must be >= 0");
      // A layer that neither absorbs nor scatters (MCML's glass) has no
      // step length; this port does not model it.
      check(L.Mua + L.Mus > 0, R, "mua + mus must be > 0 (no glass layers)");
      check(L.G >= -1 && L.G <= 1, R, "g must be in [-1, 1]");
      check(L.D > 0, R, "d must be > 0");
      R.finish(1);
      T.Layers.push_back(L);
    } else if (Keyword == "published") {
      check(!T.Published, R, "published given twice");
      PublishedValues P;
      P.RdRounding = getRounding(R.text("rd"));
      P.TtRounding = getRounding(R.text("tt"));
      P.Rd = R.number("rd");
      P.Tt = R.number("tt");
      R.finish(0);
      T.Published = P;
    } else {
      R.fail("unknown keyword '" + Keyword +
             "' (photons, grid, ambient, layer, published)");
    }
  }
  auto Missing = [&](const char *What) {
    throw TissueError(Origin + ": no '" + What + "' line");
  };
  if (!SawPhotons)
    Missing("photons");
  if (!SawGrid)
    Missing("grid");
  if (T.Layers.empty())
    Missing("layer");
  return T;
}

Tissue readTissueFile(const std::string &Path) {
  std::ifstream In(Path);
  if (!In)
    throw TissueError(Path + ": cannot be read");
  return parseTissue(In, Path);
}

std::vector<LayerSpec> makeLayerSpecs(const Tissue &T) {
  std::vector<double> N;
  N.push_back(T.AmbientAbove);
  for (const TissueLayer &L : T.Layers)
    N.push_back(L.N);
  N.push_back(T.AmbientBelow);

  // Beyond the critical angle (cosine below this) a boundary reflects all.
  auto CosCrit = [](double From, double To) {
    return From > To ? std::sqrt(1.0 - To * To / (From * From)) : 0.0;
  };

  std::vector<LayerSpec> Specs(N.size(), LayerSpec{});
  Specs.front().N = static_cast<float>(N.front());
  Specs.back().N = static_cast<float>(N.back());
  double Z = 0;
  for (std::size_t I = 1; I + 1 < N.size(); ++I) {
    const TissueLayer &L = T.Layers[I - 1];
    LayerSpec &S = Specs[I];
    S.Z0 = static_cast<float>(Z);
    Z += L.D;
    S.Z1 = static_cast<float>(Z);
    S.N = static_cast<float>(L.N);
    S.Mua = static_cast<float>(L.Mua);
    S.Mus = static_cast<float>(L.Mus);
    S.Mut = static_cast<float>(L.Mua + L.Mus);
    S.G = static_cast<float>(L.G);
    S.CosCrit0 = static_cast<float>(CosCrit(N[I], N[I - 1]));
    S.CosCrit1 = static_cast<float>(CosCrit(N[I], N[I + 1]));
  }
  return Specs;
}

double getSpecularReflectance(const Tissue &T) {
  double N0 = T.AmbientAbove, N1 = T.Layers.front().N;
  double R = (N0 - N1) / (N0 + N1);
  return R * R;
}

float getLaunchWeight(const Tissue &T) {
  return static_cast<float>(1.0 - getSpecularReflectance(T));
}

} // namespace divopt::mcml
