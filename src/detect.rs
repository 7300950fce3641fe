//! Encoding detection: which of UTF-8, UTF-16LE/BE, UTF-32LE/BE and windows-1252
//! a byte string most likely is ([`detect::encoding`](crate::detect::encoding)), from its byte order mark
//! ([`bom`]), its validity in each encoding (checked by the engine's
//! kernels, over the whole input) and the zero bytes and byte variety of its first
//! [`SAMPLE`] bytes (a plain scalar count).
//!
//! It relies on the engine's validators being exact (they are checked against the
//! scalar reference elsewhere) and on [`utf8::trim_incomplete_tail`](crate::utf8::trim_incomplete_tail) for inputs that may
//! have been cut.

use crate::api::api;
use crate::boundary::trim_incomplete_tail;
use crate::encoding::Encoding;
use crate::ByteOrder;
use crate::Engine;

/// The encoding of the byte order mark `src` starts with, and the mark's length.
///
/// `FF FE 00 00` is read as the UTF-32LE mark, although it is also the UTF-16LE
/// mark followed by the character U+0000: text rarely starts with U+0000, so the
/// longer reading wins. ([`detect::encoding`](crate::detect::encoding) goes back to UTF-16LE when what
/// follows is not valid UTF-32LE but is valid UTF-16LE.)
///
/// ```
/// use utfast::Encoding;
/// assert_eq!(utfast::detect::bom(b"\xEF\xBB\xBFhi"), Some((Encoding::Utf8, 3)));
/// assert_eq!(utfast::detect::bom(b"\xFF\xFEh\x00"), Some((Encoding::Utf16Le, 2)));
/// assert_eq!(utfast::detect::bom(b"\xFF\xFE\x00\x00"), Some((Encoding::Utf32Le, 4)));
/// assert_eq!(utfast::detect::bom(b"hi"), None);
/// ```
pub fn bom(src: &[u8]) -> Option<(Encoding, usize)> {
    // Longest first, so that FF FE 00 00 is UTF-32LE rather than UTF-16LE.
    const BY_LENGTH: [Encoding; 5] = [
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
    ];
    BY_LENGTH
        .into_iter()
        .find(|encoding| src.starts_with(encoding.bom_bytes()))
        .map(|encoding| (encoding, encoding.bom_bytes().len()))
}

/// What [`detect::encoding`](crate::detect::encoding) concluded: the encoding, how sure it is, and the
/// length of the byte order mark the text starts with (0 when none).
///
/// ```
/// let found = utfast::detect::encoding("naïve café".as_bytes());
/// assert_eq!(found.encoding(), utfast::Encoding::Utf8);
/// assert!(found.confidence() > 0.9);
/// assert_eq!(found.bom_len(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Detection {
    encoding: Encoding,
    confidence: f32,
    bom_len: usize,
}

impl Detection {
    const fn new(encoding: Encoding, confidence: f32, bom_len: usize) -> Detection {
        Detection {
            encoding,
            confidence,
            bom_len,
        }
    }

    /// The most likely encoding.
    ///
    /// ```
    /// let found = utfast::detect::encoding(b"\xFE\xFF\x00h\x00i");
    /// assert_eq!(found.encoding(), utfast::Encoding::Utf16Be);
    /// ```
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// How sure the detection is, from 0.0 to 1.0. The levels, from the rule
    /// that decided:
    ///
    /// | confidence | evidence |
    /// |------------|----------|
    /// | 1.00 | a byte order mark, and the rest valid in its encoding |
    /// | 0.99 / 0.95 / 0.90 | valid UTF-8 with at least 4 / 2 or 3 / 1 multi-byte characters (counted in the sample) |
    /// | 0.95 | valid UTF-32 whose zero bytes follow its pattern, or valid UTF-16 with zero high bytes in a quarter of its code units, over 4 code units or more |
    /// | 0.80 | pure ASCII: valid UTF-8, but also valid in every ASCII-compatible encoding |
    /// | 0.75 | valid UTF-16 with fewer zero bytes, nearly all on its high-byte side |
    /// | 0.50 | a byte order mark followed by content invalid in its encoding; a zero-byte pattern over fewer than 4 code units; UTF-16 recognised from the variety of its bytes alone; empty input |
    /// | 0.40 | windows-1252 because nothing else fits |
    /// | 0.10 | windows-1252 because nothing else fits, though the sample holds zero bytes or bytes windows-1252 leaves undefined (81, 8D, 8F, 90, 9D): probably not text |
    ///
    /// ```
    /// assert_eq!(utfast::detect::encoding(b"\xEF\xBB\xBFok").confidence(), 1.0);
    /// assert_eq!(utfast::detect::encoding(b"plain").confidence(), 0.8);
    /// ```
    pub fn confidence(&self) -> f32 {
        self.confidence
    }

    /// The length of the byte order mark at the start of the input: 0, 2, 3 or 4.
    /// The text proper starts after it.
    ///
    /// ```
    /// assert_eq!(utfast::detect::encoding(b"\xEF\xBB\xBFok").bom_len(), 3);
    /// assert_eq!(utfast::detect::encoding(b"ok").bom_len(), 0);
    /// ```
    pub fn bom_len(&self) -> usize {
        self.bom_len
    }
}

/// `UTF-16LE (confidence 1.00, BOM 2 bytes)`, `UTF-8 (confidence 0.99, no BOM)`.
///
/// ```
/// let found = utfast::detect::encoding(b"\xFF\xFEh\x00i\x00");
/// assert_eq!(found.to_string(), "UTF-16LE (confidence 1.00, BOM 2 bytes)");
/// assert_eq!(utfast::detect::encoding(b"ok").to_string(), "UTF-8 (confidence 0.80, no BOM)");
/// ```
impl core::fmt::Display for Detection {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} (confidence {:.2}, ", self.encoding, self.confidence)?;
        match self.bom_len {
            0 => f.write_str("no BOM)"),
            n => write!(f, "BOM {n} bytes)"),
        }
    }
}

/// The bytes at the start of the input whose zero bytes and byte variety are
/// counted (validity is always checked on the whole input).
pub const SAMPLE: usize = 4096;

/// Confidence levels: see [`Detection::confidence`].
const CERTAIN: f32 = 1.0;
const UTF8_MANY: f32 = 0.99;
const UTF8_SOME: f32 = 0.95;
const UTF8_ONE: f32 = 0.9;
const PATTERN: f32 = 0.95;
const ASCII: f32 = 0.8;
const FEW_ZEROS: f32 = 0.75;
const GUESS: f32 = 0.5;
const FALLBACK: f32 = 0.4;
const NOT_TEXT: f32 = 0.1;

/// UTF-16 whose zero high bytes are in at least 1 of `MANY_ZEROS` units wins
/// over valid UTF-8 (which rarely holds zero bytes); in at least 1 of
/// `MOST_ZEROS`, it is very likely (largely ASCII or Latin-1 text).
const MANY_ZEROS: usize = 16;
const MOST_ZEROS: usize = 4;

/// Below this many code units a zero-byte pattern is only a guess.
const PATTERN_MIN_UNITS: usize = 4;

/// UTF-16 without zero bytes is recognised from byte variety only over this many
/// code units of the sample, at least.
const VARIETY_MIN_UNITS: usize = 16;

/// Code units validated at a time, through a stack buffer.
const BUFFER_BYTES: usize = 4096;

/// The encodings detection weighs (UTF-8, UTF-16LE, UTF-16BE, UTF-32LE,
/// UTF-32BE, then windows-1252, which takes any bytes) in which `src` is valid,
/// in that order: the candidates to name when [`detect::encoding`](crate::detect::encoding) is unsure.
/// `src` may be the start of a longer input: an incomplete character at its end
/// counts against no encoding (as in [`detect::encoding_prefix`](crate::detect::encoding_prefix)). A byte order
/// mark is not skipped.
///
/// ```
/// use utfast::Encoding;
/// let found: Vec<Encoding> = utfast::detect::plausible_encodings(b"a\x00b\x00").collect();
/// assert_eq!(found, [Encoding::Utf8, Encoding::Utf16Le, Encoding::Utf16Be, Encoding::Windows1252]);
/// let found: Vec<Encoding> = utfast::detect::plausible_encodings(b"caf\xE9 cr\xE8me").collect();
/// assert_eq!(found, [Encoding::Utf16Le, Encoding::Utf16Be, Encoding::Windows1252]);
/// ```
/// use utfast::ByteOrder;
pub fn plausible_encodings(src: &[u8]) -> impl Iterator<Item = Encoding> + '_ {
    const WEIGHED: [Encoding; 6] = [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf16Be,
        Encoding::Utf32Le,
        Encoding::Utf32Be,
        Encoding::Windows1252,
    ];
    let engine = Engine::active();
    WEIGHED
        .into_iter()
        .filter(move |&encoding| is_valid(&engine, encoding, src, true))
}

/// The rules of [`detect::encoding`](crate::detect::encoding); `cut`: `src` may end inside a character.
fn detect(engine: &Engine, src: &[u8], cut: bool) -> Detection {
    if let Some((encoding, bom_len)) = bom(src) {
        let content = &src[bom_len..];
        if is_valid(engine, encoding, content, cut) {
            return Detection::new(encoding, CERTAIN, bom_len);
        }
        let utf16le_bom = Encoding::Utf16Le.bom_bytes().len();
        if encoding == Encoding::Utf32Le
            && is_valid(engine, Encoding::Utf16Le, &src[utf16le_bom..], cut)
        {
            return Detection::new(Encoding::Utf16Le, CERTAIN, utf16le_bom);
        }
        return Detection::new(encoding, GUESS, bom_len);
    }
    if src.is_empty() {
        return Detection::new(Encoding::Utf8, GUESS, 0);
    }
    let sample = Sample::of(&src[..src.len().min(SAMPLE)]);
    let valid = |encoding| is_valid(engine, encoding, src, cut);
    let by_units = |units: usize| {
        if units >= PATTERN_MIN_UNITS {
            PATTERN
        } else {
            GUESS
        }
    };

    if let Some(encoding) = sample.utf32_pattern() {
        if valid(encoding) {
            return Detection::new(encoding, by_units(sample.utf32_units), 0);
        }
    }
    let utf16 = sample.utf16_pattern();
    let units = sample.utf16_units;
    if let Some((encoding, zeros)) = utf16 {
        if zeros * MANY_ZEROS >= units && valid(encoding) {
            let confidence = if zeros * MOST_ZEROS >= units {
                by_units(units)
            } else {
                FEW_ZEROS
            };
            return Detection::new(encoding, confidence, 0);
        }
    }
    let utf8 = if cut { trim_incomplete_tail(src) } else { src };
    if engine.validate_utf8(utf8) {
        let confidence = if utf8.is_ascii() {
            ASCII
        } else {
            match sample.utf8_leads {
                0 | 1 => UTF8_ONE,
                2 | 3 => UTF8_SOME,
                _ => UTF8_MANY,
            }
        };
        return Detection::new(Encoding::Utf8, confidence, 0);
    }
    if let Some((encoding, _)) = utf16 {
        if valid(encoding) {
            return Detection::new(encoding, FEW_ZEROS, 0);
        }
    }
    if let Some(encoding) = sample.utf16_variety() {
        if valid(encoding) {
            return Detection::new(encoding, GUESS, 0);
        }
    }
    let confidence = if sample.unlikely_1252 {
        NOT_TEXT
    } else {
        FALLBACK
    };
    Detection::new(Encoding::Windows1252, confidence, 0)
}

/// Counts over the first [`SAMPLE`] bytes.
struct Sample {
    /// Whole 4-byte units.
    utf32_units: usize,
    /// Whole 2-byte units.
    utf16_units: usize,
    /// Zero bytes of whole 4-byte units, by position in the unit.
    utf32_zeros: [usize; 4],
    /// Zero bytes of whole 2-byte units, by position in the unit.
    utf16_zeros: [usize; 2],
    /// The distinct values of the bytes of whole 2-byte units, by position in
    /// the unit: a 256-bit set each.
    utf16_values: [[u64; 4]; 2],
    /// Bytes that may start a multi-byte UTF-8 character (C2 to F4).
    utf8_leads: usize,
    /// A zero byte, or one windows-1252 does not define.
    unlikely_1252: bool,
}

impl Sample {
    fn of(sample: &[u8]) -> Sample {
        let mut counts = Sample {
            utf32_units: sample.len() / 4,
            utf16_units: sample.len() / 2,
            utf32_zeros: [0; 4],
            utf16_zeros: [0; 2],
            utf16_values: [[0; 4]; 2],
            utf8_leads: 0,
            unlikely_1252: false,
        };
        for unit in sample.chunks_exact(4) {
            for (zeros, &b) in counts.utf32_zeros.iter_mut().zip(unit) {
                *zeros += usize::from(b == 0);
            }
        }
        for unit in sample.chunks_exact(2) {
            for (side, &b) in unit.iter().enumerate() {
                counts.utf16_zeros[side] += usize::from(b == 0);
                counts.utf16_values[side][usize::from(b >> 6)] |= 1 << (b & 63);
            }
        }
        for &b in sample {
            counts.utf8_leads += usize::from((0xC2..=0xF4).contains(&b));
            counts.unlikely_1252 |= matches!(b, 0x00 | 0x81 | 0x8D | 0x8F | 0x90 | 0x9D);
        }
        counts
    }

    /// The UTF-32 whose zero-byte pattern the sample has: the high byte of
    /// every unit zero (a scalar value is at most 0x10FFFF).
    fn utf32_pattern(&self) -> Option<Encoding> {
        let units = self.utf32_units;
        if units == 0 {
            None
        } else if self.utf32_zeros[3] == units {
            Some(Encoding::Utf32Le)
        } else if self.utf32_zeros[0] == units {
            Some(Encoding::Utf32Be)
        } else {
            None
        }
    }

    /// The UTF-16 whose zero-byte pattern the sample has, and how many of its
    /// units have a zero high byte: the zero bytes lie on the high-byte side at
    /// least 4 times as often as on the other.
    fn utf16_pattern(&self) -> Option<(Encoding, usize)> {
        let [even, odd] = self.utf16_zeros;
        let (encoding, high, low) = if odd > even {
            (Encoding::Utf16Le, odd, even)
        } else {
            (Encoding::Utf16Be, even, odd)
        };
        (high > 0 && low * 4 <= high).then_some((encoding, high))
    }

    /// The UTF-16 whose byte variety the sample has: at least [`VARIETY_MIN_UNITS`] units, whose high bytes take at most half
    /// as many distinct values as their low bytes.
    fn utf16_variety(&self) -> Option<Encoding> {
        if self.utf16_units < VARIETY_MIN_UNITS {
            return None;
        }
        let distinct = |side: usize| -> u32 {
            self.utf16_values[side]
                .iter()
                .map(|set| set.count_ones())
                .sum()
        };
        let (even, odd) = (distinct(0), distinct(1));
        if odd * 2 <= even {
            Some(Encoding::Utf16Le)
        } else if even * 2 <= odd {
            Some(Encoding::Utf16Be)
        } else {
            None
        }
    }
}

/// True when `src` is valid in `encoding` (`cut`: but for an incomplete last
/// character). Every byte string is valid windows-1252.
fn is_valid(engine: &Engine, encoding: Encoding, src: &[u8], cut: bool) -> bool {
    match encoding {
        Encoding::Utf8 => engine.validate_utf8(if cut { trim_incomplete_tail(src) } else { src }),
        Encoding::Utf16Le => is_valid_utf16(engine, src, false, cut),
        Encoding::Utf16Be => is_valid_utf16(engine, src, true, cut),
        Encoding::Utf32Le => is_valid_utf32(engine, src, false, cut),
        Encoding::Utf32Be => is_valid_utf32(engine, src, true, cut),
        // Only the encodings above are ever sniffed; the single-byte ones take
        // any bytes, and the UTF-8 variants are never guessed.
        Encoding::Latin1 | Encoding::Windows1252 => true,
        Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => false,
    }
}

/// Validates UTF-16 bytes a buffer at a time: the bytes are copied into an
/// aligned `u16` buffer (their order unchanged, as the `*le`/`*be` validators
/// expect), and a high surrogate that ends a buffer moves on to the next one so
/// that no pair is split.
fn is_valid_utf16(engine: &Engine, src: &[u8], big_endian: bool, cut: bool) -> bool {
    let value = |pair: &[u8]| {
        let pair = [pair[0], pair[1]];
        if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    };
    let is_high_surrogate = |pair: &[u8]| (0xD800..0xDC00).contains(&value(pair));
    let mut src = src;
    if !src.len().is_multiple_of(2) {
        if !cut {
            return false;
        }
        src = &src[..src.len() - 1];
    }
    if cut && src.rchunks_exact(2).next().is_some_and(is_high_surrogate) {
        src = &src[..src.len() - 2];
    }
    let mut buffer = [0u16; BUFFER_BYTES / 2];
    while !src.is_empty() {
        let mut units = (src.len() / 2).min(buffer.len());
        for (unit, pair) in buffer.iter_mut().zip(src.chunks_exact(2)) {
            *unit = u16::from_ne_bytes([pair[0], pair[1]]);
        }
        if units < src.len() / 2 && is_high_surrogate(&src[2 * units - 2..2 * units]) {
            units -= 1;
        }
        let units_valid = if big_endian {
            engine.validate_utf16(&buffer[..units], ByteOrder::Big)
        } else {
            engine.validate_utf16(&buffer[..units], ByteOrder::Little)
        };
        if !units_valid {
            return false;
        }
        src = &src[2 * units..];
    }
    true
}

/// Validates UTF-32 bytes a buffer at a time, as values in the machine's order.
fn is_valid_utf32(engine: &Engine, src: &[u8], big_endian: bool, cut: bool) -> bool {
    let mut src = src;
    if !src.len().is_multiple_of(4) {
        if !cut {
            return false;
        }
        src = &src[..src.len() - src.len() % 4];
    }
    let mut buffer = [0u32; BUFFER_BYTES / 4];
    while !src.is_empty() {
        let units = (src.len() / 4).min(buffer.len());
        for (value, bytes) in buffer.iter_mut().zip(src.chunks_exact(4)) {
            let bytes = [bytes[0], bytes[1], bytes[2], bytes[3]];
            *value = if big_endian {
                u32::from_be_bytes(bytes)
            } else {
                u32::from_le_bytes(bytes)
            };
        }
        if !engine.validate_utf32(&buffer[..units]) {
            return false;
        }
        src = &src[4 * units..];
    }
    true
}

api! { "detect";
    /// The most likely encoding of `src`, with a confidence and the length of its
    /// byte order mark.
    ///
    /// The rules, in order; the first that applies decides (the confidence of
    /// each is in [`Detection::confidence`]):
    ///
    /// 1. A byte order mark ([`bom`]) gives its encoding, with a lower
    ///    confidence when the rest of `src` is invalid in that encoding (then
    ///    `src` is damaged, or mislabelled). `FF FE 00 00` followed by invalid
    ///    UTF-32LE but valid UTF-16LE is UTF-16LE with a 2-byte mark.
    /// 2. Empty input is UTF-8.
    /// 3. UTF-32LE (BE) when, in the first [`SAMPLE`] bytes, the last (first)
    ///    byte of every 4-byte unit is zero, and all of `src` is valid UTF-32LE
    ///    (BE): a length multiple of 4, every value a scalar value.
    /// 4. UTF-16LE (BE) when, in the sample, the zero bytes are at odd (even)
    ///    positions, at least 4 times as many as at the other parity, and in at
    ///    least 1 code unit of 16, and all of `src` is valid UTF-16LE (BE): an
    ///    even length, no unpaired surrogate. Very likely when they are in a
    ///    quarter of the units (text largely ASCII or Latin-1); likely when
    ///    fewer (Arabic or Cyrillic text, whose UTF-16 is often valid UTF-8
    ///    too, but has zero bytes in its spaces).
    /// 5. Valid UTF-8 (checked over all of `src`) is UTF-8: very likely when it
    ///    has multi-byte characters (other encodings rarely form valid UTF-8
    ///    sequences), less so when it is pure ASCII.
    /// 6. UTF-16 as in rule 4 with fewer zero bytes (say, CJK text with a few
    ///    line breaks).
    /// 7. UTF-16LE (BE) without such a zero-byte pattern, when the sample has
    ///    at least 16 code units whose high bytes (odd positions for LE, even for
    ///    BE) take at most half as many distinct values as their low bytes
    ///    (one script's characters share few high bytes), and `src` is valid in
    ///    it.
    /// 8. Otherwise windows-1252, with a low confidence, lower still when the
    ///    sample has zero bytes or bytes windows-1252 does not define.
    ///
    /// Zero bytes and byte variety are counted over the first [`SAMPLE`] bytes
    /// only, by a plain loop; validity is checked over all of `src` by the
    /// engine's kernels.
    ///
    /// ```
    /// use utfast::Encoding;
    /// let utf16le: Vec<u8> = "Grüße, 世界".encode_utf16().flat_map(u16::to_le_bytes).collect();
    /// assert_eq!(utfast::detect::encoding(&utf16le).encoding(), Encoding::Utf16Le);
    /// assert_eq!(utfast::detect::encoding("Grüße".as_bytes()).encoding(), Encoding::Utf8);
    /// assert_eq!(utfast::detect::encoding(b"Gr\xFC\xDFe").encoding(), Encoding::Windows1252);
    /// assert_eq!(utfast::detect::encoding(b"").encoding(), Encoding::Utf8);
    /// ```
    pub fn encoding(src: &[u8]) -> Detection
        as detect_encoding;
        |engine| detect(engine, src, false);

    /// Like [`detect::encoding`](crate::detect::encoding), for the start of a longer input (such as the
    /// first block of a file): an incomplete character at the end of `src` is
    /// not counted against an encoding. Ignored are: for UTF-8, the bytes
    /// [`utf8::incomplete_tail_len`](crate::utf8::incomplete_tail_len) counts; for UTF-16,
    /// an odd last byte and then a final high surrogate; for UTF-32, the last
    /// `len % 4` bytes.
    ///
    /// ```
    /// use utfast::Encoding;
    /// let cut = &"ça va, 世界".as_bytes()[..13]; // ends inside 界
    /// assert_eq!(utfast::detect::encoding_prefix(cut).encoding(), Encoding::Utf8);
    /// assert_eq!(utfast::detect::encoding(cut).encoding(), Encoding::Windows1252);
    /// ```
    pub fn encoding_prefix(src: &[u8]) -> Detection
        as detect_encoding_prefix;
        |engine| detect(engine, src, true);
}

/// The most bytes [`read_encoding`] examines (1 MiB).
pub const READ_LIMIT: usize = 1 << 20;

/// The encoding of what `reader` yields, judged on its first [`READ_LIMIT`]
/// bytes (as [`encoding`] judges all of a shorter input, and as
/// [`encoding_prefix`] judges the start of a longer one), and the bytes read:
/// at most `READ_LIMIT + 1`, so that the caller can put them back in front of
/// the rest (say, with `io::Cursor::new(head).chain(reader)`).
///
/// ```
/// use std::io::Read;
/// let text = "Grüße".repeat(300_000); // longer than the limit, cut inside ü
/// let (found, head) = utfast::detect::read_encoding(text.as_bytes()).unwrap();
/// assert_eq!(found.encoding(), utfast::Encoding::Utf8);
/// assert_eq!(head.len(), utfast::detect::READ_LIMIT + 1);
/// ```
#[cfg(feature = "std")]
pub fn read_encoding(
    reader: impl std::io::Read,
) -> std::io::Result<(Detection, std::vec::Vec<u8>)> {
    use std::io::Read;
    let mut head = std::vec::Vec::new();
    reader.take(READ_LIMIT as u64 + 1).read_to_end(&mut head)?;
    let found = match head.get(..READ_LIMIT) {
        Some(prefix) if head.len() > READ_LIMIT => encoding_prefix(prefix),
        _ => encoding(&head),
    };
    Ok((found, head))
}
