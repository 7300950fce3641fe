// example.cpp: utfast from C++ (C++11): UTF-8 in a std::string to UTF-16 and
// back, a precise error message for invalid input, lossy decoding, and the
// streaming transcoder held by a std::unique_ptr.
//
//     g++ -std=c++11 example.cpp -Iutfast-c/include target/release/libutfast_c.a -lpthread -ldl -lm
//
// tests/c_suite.rs builds and runs it (it exits non-zero if an answer is not
// the expected one).
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "utfast.h"

namespace {

// UTF-8 to UTF-16LE units, or an exception saying where and why the input is
// not UTF-8.
std::vector<uint16_t> to_utf16(const std::string &text) {
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(text.data());
    std::vector<uint16_t> units(utfast_utf16_len_from_utf8(bytes, text.size()));
    utfast_result r = utfast_utf8_to_utf16le(bytes, text.size(), units.data(), units.size());
    if (r.status != UTFAST_OK) {
        throw std::runtime_error("invalid UTF-8 at byte " + std::to_string(r.position) +
                                 " (kind " + std::to_string(r.kind) + ")");
    }
    units.resize(r.written);
    return units;
}

std::string to_utf8(const std::vector<uint16_t> &units) {
    std::string text(utfast_utf8_len_from_utf16le(units.data(), units.size()), '\0');
    utfast_result r = utfast_utf16le_to_utf8(units.data(), units.size(),
                                             reinterpret_cast<uint8_t *>(&text[0]), text.size());
    if (r.status != UTFAST_OK) throw std::runtime_error("invalid UTF-16");
    return text;
}

// Windows-1252 bytes to UTF-8 through a transcoder, in chunks of four bytes
// into an eight-byte buffer, as a reader of a stream would.
std::string decode_stream(const std::string &input) {
    std::unique_ptr<utfast_transcoder, void (*)(utfast_transcoder *)> transcoder(
        utfast_transcoder_new(UTFAST_ENCODING_WINDOWS1252, UTFAST_ENCODING_UTF8,
                              UTFAST_MODE_STRICT),
        utfast_transcoder_free);
    if (!transcoder) throw std::runtime_error("no transcoder");
    std::string out;
    uint8_t buffer[8];
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(input.data());
    for (size_t at = 0;;) {
        size_t n = input.size() - at < 4 ? input.size() - at : 4;
        bool last = at + n == input.size();
        const uint8_t *chunk = bytes + at;
        for (;;) {
            utfast_result r = utfast_transcoder_convert(transcoder.get(), chunk, n, buffer,
                                                        sizeof buffer, last);
            out.append(reinterpret_cast<const char *>(buffer), r.written);
            chunk += r.position;
            n -= r.position;
            if (r.status == UTFAST_OK) break;
            if (r.status != UTFAST_OUTPUT_TOO_SMALL) throw std::runtime_error("stream error");
        }
        at = static_cast<size_t>(chunk - bytes);
        if (last) break;
    }
    return out;
}

int failures = 0;

void expect(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "example.cpp: unexpected: %s\n", what);
        failures++;
    }
}

}  // namespace

int main() {
    const std::string text = "Gr\xC3\xBC\xC3\x9F" "e, \xF0\x9F\x8C\x8D!";  // "Grüße, 🌍!"
    std::vector<uint16_t> units = to_utf16(text);
    expect(units.size() == 10, "10 UTF-16 units");
    expect(to_utf8(units) == text, "the round trip gives the text back");

    try {
        to_utf16("ab\xED\xA0\x80");
        expect(false, "an encoded surrogate is refused");
    } catch (const std::runtime_error &e) {
        expect(std::string(e.what()) == "invalid UTF-8 at byte 2 (kind 5)", e.what());
    }

    // Lossy decoding: each invalid piece becomes U+FFFD, as Rust's
    // String::from_utf8_lossy does.
    const std::string broken = "caf\xC3 ok";
    std::vector<uint16_t> lossy(broken.size());
    utfast_result r = utfast_utf8_to_utf16le_with(
        reinterpret_cast<const uint8_t *>(broken.data()), broken.size(), lossy.data(),
        lossy.size(), UTFAST_MODE_REPLACE);
    expect(r.status == UTFAST_OK && r.written == 7 && lossy[3] == 0xFFFD, "one U+FFFD");

    expect(decode_stream("\x93quoted\x94 \x80" "5") == "\xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC" "5",
           "Windows-1252 decoded in a stream");
    expect(decode_stream("").empty(), "an empty stream");

    std::printf("example.cpp: kernel %s, %s\n", utfast_active_kernel(),
                failures == 0 ? "all as expected" : "FAILED");
    return failures == 0 ? 0 : 1;
}
