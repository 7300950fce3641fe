//! The general path of `utfast convert`: any pair of encodings (CESU-8, Modified
//! UTF-8 and WTF-8 included) under any `--errors` mode. A block is decoded into
//! UTF-16 units that may hold unpaired surrogates (from WTF-8 or UTF-16 input, or
//! the escapes of `surrogate-escape`), in stretches: valid text goes through the
//! library's kernels, each invalid piece becomes what the mode says. The units are
//! then encoded into the target, again by the library where it can; a character
//! the target cannot hold is a problem at the input offset of its stretch.

use utfast::{ByteOrder, ErrorMode, Utf16ErrorKind, Utf32ErrorKind, VariantError};

use super::{push_u16s, push_u32s, read_u16s, read_u32s, Converter, Encoding, Problem, What};

/// Units decoded from the block, starting at unit `unit`, from the input bytes
/// starting at `input`; `piece` when they stand for one invalid piece.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stretch {
    input: usize,
    unit: usize,
    piece: bool,
}

/// The longest piece that more input could still change: a CESU-8 surrogate pair
/// cut before its last byte.
pub(super) const MAX_PENDING: usize = 5;

impl Converter {
    /// Converts one block on the general path: like `convert_block`.
    pub(super) fn recode_block(&mut self, src: &[u8], at_end: bool) -> Result<usize, Problem> {
        self.units.clear();
        self.stretches.clear();
        let (consumed, problem) = self.decode(src, at_end);
        let mut units = std::mem::take(&mut self.units);
        let encoded = self.encode(&units);
        self.units = std::mem::take(&mut units);
        match encoded {
            Err(problem) => Err(problem),
            Ok(()) => match problem {
                Some(problem) => Err(problem),
                None => Ok(consumed),
            },
        }
    }

    fn push_stretch(&mut self, input: usize, piece: bool) {
        self.stretches.push(Stretch {
            input,
            unit: self.units.len(),
            piece,
        });
    }

    /// Decodes `src` into `self.units`; returns the bytes decoded (the rest is
    /// carried over when more input follows) and the problem that stopped it.
    fn decode(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        match self.from {
            Encoding::Utf8 => self.decode_utf8(src, at_end),
            Encoding::Utf16Le | Encoding::Utf16Be => self.decode_utf16(src, at_end),
            Encoding::Utf32Le | Encoding::Utf32Be => self.decode_utf32(src, at_end),
            Encoding::Latin1 => {
                self.push_stretch(0, false);
                let start = self.units.len();
                self.units.resize(start + src.len(), 0);
                let n = utfast::latin1_to_utf16(src, &mut self.units[start..]).unwrap_or(0);
                self.units.truncate(start + n);
                (src.len(), None)
            }
            Encoding::Cesu8 => self.decode_variant(src, at_end, utfast::cesu8_to_utf16_vec),
            Encoding::Mutf8 => self.decode_variant(src, at_end, utfast::mutf8_to_utf16_vec),
            Encoding::Wtf8 => self.decode_variant(src, at_end, utfast::wtf8_to_utf16_vec),
        }
    }

    /// Appends the units `mode` makes of the invalid bytes `bad` at `at`.
    fn push_bad_bytes(&mut self, at: usize, bad: &[u8]) {
        self.push_stretch(at, true);
        match self.mode {
            ErrorMode::Strict | ErrorMode::Replace => self.units.push(0xFFFD),
            ErrorMode::SurrogateEscape => self.units.extend(bad.iter().map(|&b| 0xDC00 | b as u16)),
            ErrorMode::Latin1 => self.units.extend(bad.iter().map(|&b| b as u16)),
            ErrorMode::Windows1252 => self
                .units
                .extend(bad.iter().map(|&b| utfast::windows1252_char(b) as u16)),
        }
    }

    /// Appends the UTF-16 of valid UTF-8 `text` from input offset `at`.
    fn push_str(&mut self, at: usize, text: &str) {
        if text.is_empty() {
            return;
        }
        self.push_stretch(at, false);
        let start = self.units.len();
        self.units.resize(start + text.len(), 0);
        let n = utfast::str_to_utf16(text, &mut self.units[start..]).unwrap_or(0);
        self.units.truncate(start + n);
    }

    fn decode_utf8(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let end = if at_end {
            src.len()
        } else {
            src.len() - utfast::incomplete_tail_len(src)
        };
        let mut at = 0;
        for chunk in utfast::utf8_chunks(&src[..end]) {
            self.push_str(at, chunk.valid());
            at += chunk.valid().len();
            let bad = chunk.invalid();
            if bad.is_empty() {
                continue;
            }
            if self.mode == ErrorMode::Strict {
                let error = utfast::from_utf8(&src[at..]).unwrap_err();
                let what = What::Utf8 {
                    kind: error.kind(),
                    error_len: error.error_len(),
                };
                return (at, Some(Problem { at, what }));
            }
            self.push_bad_bytes(at, bad);
            at += bad.len();
        }
        (end, None)
    }

    fn decode_utf16(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let whole = src.len() / 2 * 2;
        let order = self.from.order();
        let mut units = std::mem::take(&mut self.in16);
        read_u16s(&mut units, &src[..whole]);
        let result = self.decode_utf16_units(&units, order, at_end, src.len());
        self.in16 = units;
        match result {
            (n, None) if n == whole / 2 && whole < src.len() => self.odd_end(src, whole, 2, at_end),
            (n, problem) => (2 * n, problem),
        }
    }

    /// Decodes UTF-16 units stored in `order`, from a block of `bytes` bytes;
    /// returns the units decoded.
    fn decode_utf16_units(
        &mut self,
        units: &[u16],
        order: ByteOrder,
        at_end: bool,
        bytes: usize,
    ) -> (usize, Option<Problem>) {
        let mut at = 0;
        while at < units.len() {
            let error = match order {
                ByteOrder::Little => utfast::check_utf16le(&units[at..]),
                ByteOrder::Big => utfast::check_utf16be(&units[at..]),
            };
            let valid = error.err().map_or(units.len() - at, |e| e.valid_up_to());
            if valid > 0 {
                self.push_stretch(2 * at, false);
                self.units
                    .extend(units[at..at + valid].iter().map(|&u| order.read_u16(u)));
                at += valid;
            }
            let Err(error) = error else { break };
            if error.kind() == Utf16ErrorKind::TruncatedAtEnd && !at_end {
                return (at, None);
            }
            let unit = order.read_u16(units[at]);
            match self.mode {
                ErrorMode::Strict => {
                    let truncated = error.kind() == Utf16ErrorKind::TruncatedAtEnd;
                    let what = What::Unit {
                        kind: error.kind().as_str(),
                        // With the odd byte after it, if any.
                        len: if truncated { bytes - 2 * at } else { 2 },
                    };
                    return (at, Some(Problem { at: 2 * at, what }));
                }
                // Kept as it is: an escape, or a surrogate the target may hold.
                ErrorMode::SurrogateEscape => {
                    self.push_stretch(2 * at, true);
                    self.units.push(unit);
                }
                _ => {
                    self.push_stretch(2 * at, true);
                    self.units.push(0xFFFD);
                }
            }
            at += 1;
        }
        (at, None)
    }

    fn decode_utf32(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let whole = src.len() / 4 * 4;
        let mut values = std::mem::take(&mut self.in32);
        read_u32s(&mut values, &src[..whole], self.from.order());
        let mut at = 0;
        let mut problem = None;
        while at < values.len() {
            let error = utfast::check_utf32(&values[at..]);
            let valid = error.err().map_or(values.len() - at, |e| e.valid_up_to());
            if valid > 0 {
                self.push_stretch(4 * at, false);
                let start = self.units.len();
                self.units.resize(start + 2 * valid, 0);
                let n = utfast::utf32_to_utf16(&values[at..at + valid], &mut self.units[start..])
                    .unwrap_or(0);
                self.units.truncate(start + n);
                at += valid;
            }
            let Err(error) = error else { break };
            let value = values[at];
            let surrogate = error.kind() == Utf32ErrorKind::Surrogate;
            match self.mode {
                ErrorMode::Strict => {}
                ErrorMode::SurrogateEscape if surrogate => {
                    self.push_stretch(4 * at, true);
                    self.units.push(value as u16);
                    at += 1;
                    continue;
                }
                ErrorMode::SurrogateEscape => {}
                _ => {
                    self.push_stretch(4 * at, true);
                    self.units.push(0xFFFD);
                    at += 1;
                    continue;
                }
            }
            let what = What::Unit {
                kind: error.kind().as_str(),
                len: 4,
            };
            problem = Some(Problem { at: 4 * at, what });
            break;
        }
        self.in32 = values;
        match problem {
            Some(problem) => (problem.at, Some(problem)),
            None if whole < src.len() => self.odd_end(src, whole, 4, at_end),
            None => (whole, None),
        }
    }

    /// The end of `src` after its `whole` bytes of whole units: carried over, an
    /// error, or (when the mode replaces) one U+FFFD.
    fn odd_end(
        &mut self,
        src: &[u8],
        whole: usize,
        unit: usize,
        at_end: bool,
    ) -> (usize, Option<Problem>) {
        if !at_end {
            return (whole, None);
        }
        if matches!(self.mode, ErrorMode::Strict | ErrorMode::SurrogateEscape) {
            let what = What::IncompleteUnit {
                unit,
                len: src.len() - whole,
            };
            return (whole, Some(Problem { at: whole, what }));
        }
        self.push_stretch(whole, true);
        self.units.push(0xFFFD);
        (src.len(), None)
    }

    /// CESU-8, Modified UTF-8 or WTF-8 through the library's decoder `decode`,
    /// which stops at the first invalid piece.
    fn decode_variant(
        &mut self,
        src: &[u8],
        at_end: bool,
        decode: fn(&[u8]) -> Result<Vec<u16>, VariantError>,
    ) -> (usize, Option<Problem>) {
        let mut at = 0;
        while at < src.len() {
            let (valid, error) = match decode(&src[at..]) {
                Ok(units) => (units, None),
                Err(error) => {
                    let prefix = &src[at..at + error.valid_up_to()];
                    (decode(prefix).unwrap_or_default(), Some(error))
                }
            };
            if !valid.is_empty() {
                self.push_stretch(at, false);
                self.units.extend_from_slice(&valid);
            }
            let Some(error) = error else {
                return (src.len(), None);
            };
            at += error.valid_up_to();
            let rest = src.len() - at;
            // A piece that more input could complete or change.
            if !at_end && rest <= MAX_PENDING {
                return (at, None);
            }
            let len = error.error_len().unwrap_or(rest);
            if self.mode == ErrorMode::Strict {
                let what = What::Unit {
                    kind: error.kind().as_str(),
                    len,
                };
                return (at, Some(Problem { at, what }));
            }
            self.push_bad_bytes(at, &src[at..at + len]);
            at += len;
        }
        (at, None)
    }

    /// Encodes `units` (machine order, unpaired surrogates allowed) into
    /// `self.out`; a character the target cannot hold is a problem.
    fn encode(&mut self, units: &[u16]) -> Result<(), Problem> {
        let mode = self.mode;
        let out = &mut self.out;
        let mut at = 0;
        while at < units.len() {
            let stop = match self.to {
                Encoding::Utf8 => {
                    let start = out.len();
                    out.resize(start + 3 * (units.len() - at), 0);
                    let result = utfast::utf16_to_utf8_with(&units[at..], &mut out[start..], mode);
                    let written = result.unwrap_or_else(|e| e.written());
                    out.truncate(start + written);
                    result.err().map(|e| at + e.valid_up_to())
                }
                Encoding::Utf16Le | Encoding::Utf16Be => {
                    let order = self.to.order();
                    let stored: Vec<u16> =
                        units[at..].iter().map(|&u| order.write_u16(u)).collect();
                    push_u16s(out, &stored);
                    None
                }
                Encoding::Utf32Le | Encoding::Utf32Be => {
                    let values: Vec<u32> = char::decode_utf16(units[at..].iter().copied())
                        .map(|r| r.map_or_else(|e| e.unpaired_surrogate() as u32, u32::from))
                        .collect();
                    push_u32s(out, &values, self.to.order());
                    None
                }
                Encoding::Latin1 => {
                    let mut stop = None;
                    for (i, &u) in units[at..].iter().enumerate() {
                        match u {
                            0..=0xFF => out.push(u as u8),
                            0xDC80..=0xDCFF if mode == ErrorMode::SurrogateEscape => {
                                out.push(u as u8)
                            }
                            _ => {
                                stop = Some(at + i);
                                break;
                            }
                        }
                    }
                    stop
                }
                Encoding::Cesu8 | Encoding::Mutf8 => {
                    let encode = if self.to == Encoding::Cesu8 {
                        utfast::utf16_to_cesu8_vec
                    } else {
                        utfast::utf16_to_mutf8_vec
                    };
                    match encode(&units[at..]) {
                        Ok(bytes) => {
                            out.extend_from_slice(&bytes);
                            None
                        }
                        Err(error) => {
                            let bad = at + error.valid_up_to();
                            out.extend_from_slice(&encode(&units[at..bad]).unwrap_or_default());
                            match lone_surrogate_bytes(units[bad], mode) {
                                Some(bytes) => {
                                    out.extend_from_slice(bytes.as_slice());
                                    at = bad + 1;
                                    continue;
                                }
                                None => Some(bad),
                            }
                        }
                    }
                }
                Encoding::Wtf8 => {
                    out.extend_from_slice(&utfast::utf16_to_wtf8_vec(&units[at..]));
                    None
                }
            };
            let Some(bad) = stop else { return Ok(()) };
            return Err(self.unrepresentable(units, bad));
        }
        Ok(())
    }

    /// The problem of unit `bad`, which the target cannot hold, at its input offset.
    fn unrepresentable(&self, units: &[u16], bad: usize) -> Problem {
        let index = self.stretches.partition_point(|s| s.unit <= bad);
        let stretch = self.stretches[index.saturating_sub(1)];
        let cp = char::decode_utf16(units[bad..].iter().copied())
            .next()
            .map_or(0xFFFD, |r| {
                r.map_or_else(|e| e.unpaired_surrogate() as u32, u32::from)
            });
        let (at, len) = if stretch.piece {
            (stretch.input, 1)
        } else {
            let before = source_len(self.from, &units[stretch.unit..bad]);
            let one = if cp >= 0x1_0000 { 2 } else { 1 };
            let len = source_len(self.from, &units[bad..bad + one]);
            (stretch.input + before, len)
        };
        let what = match char::from_u32(cp) {
            Some(ch) if self.to == Encoding::Latin1 => What::NotLatin1 { ch, len },
            _ => What::NotRepresentable { cp, len },
        };
        Problem { at, what }
    }
}

/// What an unpaired surrogate becomes in CESU-8 or Modified UTF-8 output under
/// `mode`: the byte it escapes, U+FFFD, or `None` (a problem).
fn lone_surrogate_bytes(unit: u16, mode: ErrorMode) -> Option<Vec<u8>> {
    match mode {
        ErrorMode::Strict => None,
        ErrorMode::SurrogateEscape => (0xDC80..=0xDCFF).contains(&unit).then(|| vec![unit as u8]),
        _ => Some("\u{FFFD}".as_bytes().to_vec()),
    }
}

/// The bytes `units` (valid text from one stretch) took in the input encoding.
fn source_len(from: Encoding, units: &[u16]) -> usize {
    let chars = || char::decode_utf16(units.iter().copied());
    match from {
        Encoding::Utf16Le | Encoding::Utf16Be => 2 * units.len(),
        Encoding::Utf32Le | Encoding::Utf32Be => 4 * chars().count(),
        Encoding::Latin1 => units.len(),
        Encoding::Cesu8 | Encoding::Mutf8 => units
            .iter()
            .map(|&u| match u {
                0 if from == Encoding::Mutf8 => 2,
                0..=0x7F => 1,
                0x80..=0x7FF => 2,
                _ => 3,
            })
            .sum(),
        // UTF-8 and WTF-8: a pair is four bytes, a lone surrogate three.
        Encoding::Utf8 | Encoding::Wtf8 => chars().map(|r| r.map_or(3, char::len_utf8)).sum(),
    }
}
