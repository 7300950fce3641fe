//! The general path of the block converter: any pair of encodings (CESU-8,
//! Modified UTF-8, WTF-8 and Windows-1252 included) under any [`ErrorMode`]. A block is decoded into
//! code points, in stretches: valid text through the library's kernels, each
//! invalid piece into what the mode says (`ErrorMode::replace_piece`). Unpaired
//! surrogates may be among the code points (WTF-8 holds them; surrogate escape
//! makes them of bad bytes and keeps those of UTF-16/UTF-32 input), each on its
//! own, so two of them never merge into a pair. The code points are then encoded
//! into the target, by the library where it can; what the target cannot hold is a
//! problem at the input offset of its stretch.
//!
//! Unpaired surrogates in the output: UTF-8, CESU-8, Modified UTF-8 and Latin-1
//! write the byte an escape (U+DC80–U+DCFF) stands for with surrogate escape,
//! U+FFFD with replace, latin1 or windows-1252, and refuse them with strict.
//! UTF-16, UTF-32 and WTF-8 keep them with strict and surrogate escape (so WTF-8
//! and UTF-16 convert into each other losslessly), and write U+FFFD otherwise.
//! Ignore drops them and backslash replace writes `\uNNNN`, in every target. In
//! UTF-16 and WTF-8 a kept high surrogate followed by a kept low one would read
//! back as a pair, so that is refused.

use alloc::vec::Vec;

use super::block::{
    append, grow, incomplete_unit, push_u16s, push_u32s, read_u16s, read_u32s, BlockConverter,
    Problem, Stretch,
};
use super::TranscodeErrorKind;
use crate::lossy::pieces::{self, Format, Pieces, Problem as PieceProblem};
use crate::reference::utf8::check_char;
use crate::{utf16::Utf16ErrorKind, utf32::Utf32ErrorKind, ByteOrder, Encoding, Engine, ErrorMode};

const REPLACEMENT: u32 = 0xFFFD;

fn is_surrogate(cp: u32) -> bool {
    (0xD800..0xE000).contains(&cp)
}

fn is_high(cp: u32) -> bool {
    (0xD800..0xDC00).contains(&cp)
}

/// Appends the code points of UTF-16 `units` (machine order) to `values`: pairs
/// joined, unpaired surrogates as they are.
fn push_units(values: &mut Vec<u32>, units: &[u16]) {
    values.extend(
        char::decode_utf16(units.iter().copied())
            .map(|r| r.map_or_else(|e| e.unpaired_surrogate() as u32, u32::from)),
    );
}

impl BlockConverter {
    /// Converts one block on the general path: like `convert_block`.
    pub(super) fn recode_block(
        &mut self,
        src: &[u8],
        at_end: bool,
        out: &mut Vec<u8>,
    ) -> Result<usize, Problem> {
        self.values.clear();
        self.stretches.clear();
        let (mut consumed, problem) = self.decode(src, at_end);
        // An unpaired high surrogate at the end of the input decoded waits for the
        // next block: the code point after it decides whether it can be written.
        // (Not one that bytes dropped by `Ignore` follow: they stay dropped, so
        // what is held back stays within `MAX_PENDING`.)
        if problem.is_none() && !at_end && self.values.last().is_some_and(|&cp| is_high(cp)) {
            let last = self.values.len() - 1;
            let (at, len) = self.input_of(&self.values, last);
            if at + len == consumed {
                consumed = at;
                self.values.pop();
            }
        }
        let values = core::mem::take(&mut self.values);
        let encoded = self.encode(&values, out);
        self.values = values;
        // A problem of the encoder comes first in the input.
        encoded?;
        match problem {
            Some(problem) => Err(problem),
            None => Ok(consumed),
        }
    }

    /// The common conversions in a mode other than strict, straight through the
    /// library's functions that take a mode: UTF-8 to UTF-8, UTF-16 or UTF-32, and
    /// UTF-16 to UTF-8 (none can meet a code point the target cannot hold but an
    /// unpaired surrogate of UTF-16 that surrogate escape cannot make a byte).
    /// `None` for the other pairs, which take [`BlockConverter::recode_block`](super::block::BlockConverter::recode_block).
    pub(super) fn direct_with_mode(
        &mut self,
        src: &[u8],
        at_end: bool,
        out: &mut Vec<u8>,
    ) -> Option<Result<usize, Problem>> {
        let mode = self.mode;
        if self.from == Encoding::Utf8 {
            let end = if at_end {
                src.len()
            } else {
                src.len() - crate::utf8::incomplete_tail_len(src)
            };
            let text = &src[..end];
            // `BackslashReplace` writes four characters for an invalid byte.
            let room = if mode == ErrorMode::BackslashReplace {
                4 * text.len()
            } else {
                text.len()
            };
            match self.to {
                Encoding::Utf8 if mode == ErrorMode::SurrogateEscape => out.extend_from_slice(text),
                Encoding::Utf8 => {
                    let decoded = self.engine.utf8_to_string_with(text, mode).ok()?;
                    out.extend_from_slice(decoded.as_bytes());
                }
                Encoding::Utf16Le | Encoding::Utf16Be => {
                    grow(&mut self.out16, room);
                    let result = if self.to == Encoding::Utf16Le {
                        self.engine.utf8_to_utf16_with(
                            text,
                            &mut self.out16,
                            ByteOrder::Little,
                            mode,
                        )
                    } else {
                        self.engine
                            .utf8_to_utf16_with(text, &mut self.out16, ByteOrder::Big, mode)
                    };
                    push_u16s(out, &self.out16[..result.ok()?]);
                }
                Encoding::Utf32Le | Encoding::Utf32Be => {
                    grow(&mut self.out32, room);
                    let n = self
                        .engine
                        .utf8_to_utf32_with(text, &mut self.out32, mode)
                        .ok()?;
                    push_u32s(out, &self.out32[..n], self.to.order());
                }
                _ => return None,
            }
            return Some(Ok(end));
        }
        if !matches!(self.from, Encoding::Utf16Le | Encoding::Utf16Be) || self.to != Encoding::Utf8
        {
            return None;
        }
        let whole = src.len() / 2 * 2;
        let order = self.from.order();
        read_u16s(&mut self.in16, &src[..whole]);
        // A high surrogate at the end waits for the next block.
        let last_high = self
            .in16
            .last()
            .is_some_and(|&u| is_high(order.read_u16(u) as u32));
        if !at_end && last_high {
            self.in16.pop();
        }
        let units = &self.in16;
        let e = self.engine;
        // Three bytes a unit; `BackslashReplace` writes six for a lone surrogate.
        let per_unit = if mode == ErrorMode::BackslashReplace {
            6
        } else {
            3
        };
        let result = append(out, per_unit * units.len(), |dst| match order {
            ByteOrder::Little => e.utf16_to_utf8_with(units, dst, ByteOrder::Little, mode),
            ByteOrder::Big => e.utf16_to_utf8_with(units, dst, ByteOrder::Big, mode),
        });
        match result {
            Err(error) => {
                let at = error.valid_up_to();
                let cp = order.read_u16(units[at]) as u32;
                let kind = TranscodeErrorKind::Unmappable(cp);
                Some(Err(Problem::new(2 * at, Some(2), kind)))
            }
            Ok(_) if 2 * units.len() < whole || whole == src.len() => Some(Ok(2 * units.len())),
            // An odd byte at the end.
            Ok(_) if !at_end => Some(Ok(whole)),
            Ok(_) if mode == ErrorMode::SurrogateEscape => Some(incomplete_unit(src, whole, true)),
            Ok(_) => {
                replace_odd_end(mode, &src[whole..], last_high, |cp| {
                    let c = char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER);
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                });
                Some(Ok(src.len()))
            }
        }
    }

    /// Starts a stretch at input offset `input`.
    fn stretch(&mut self, input: usize, width: usize) {
        self.stretches.push(Stretch {
            input,
            value: self.values.len(),
            width,
        });
    }

    /// Appends what the mode makes of the invalid bytes `piece` at `at`.
    fn push_piece(&mut self, at: usize, piece: &[u8]) {
        // The input bytes per code point written, where a code point can meet a
        // target that cannot hold it (`input_of`): one U+FFFD for the piece, or
        // one character per byte. (`BackslashReplace`'s ASCII escapes, four a
        // byte, fit every target.)
        let width = match self.mode {
            ErrorMode::Strict | ErrorMode::Replace => piece.len(),
            _ => 1,
        };
        self.stretch(at, width);
        let values = &mut self.values;
        self.mode.replace_piece(piece, |cp| {
            values.push(cp);
            true
        });
    }

    /// Appends one code point for an invalid unit of `width` bytes at `at`.
    fn push_unit(&mut self, at: usize, width: usize, cp: u32) {
        self.stretch(at, width);
        self.values.push(cp);
    }

    /// Appends what a mode that replaces makes of the invalid unit `unit` of
    /// `width` bytes at `at` (`ErrorMode::replace_unit_chars`).
    fn push_replaced_unit(&mut self, at: usize, width: usize, unit: u32) {
        self.stretch(at, width);
        let values = &mut self.values;
        self.mode.replace_unit_chars(unit, |cp| values.push(cp));
    }

    /// Decodes `src` into `self.values`; returns the bytes decoded (the rest is
    /// carried over when more input follows) and the problem that stopped it.
    fn decode(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        match self.from {
            Encoding::Utf8 => self.decode_utf8(src, at_end),
            Encoding::Utf16Le | Encoding::Utf16Be => self.decode_utf16(src, at_end),
            Encoding::Utf32Le | Encoding::Utf32Be => self.decode_utf32(src, at_end),
            Encoding::Latin1 => {
                self.stretch(0, 0);
                self.values.extend(src.iter().map(|&b| b as u32));
                (src.len(), None)
            }
            Encoding::Windows1252 => {
                self.stretch(0, 0);
                let chars = src
                    .iter()
                    .map(|&b| crate::latin1::windows1252_char(b) as u32);
                self.values.extend(chars);
                (src.len(), None)
            }
            Encoding::Cesu8 | Encoding::Mutf8 | Encoding::Wtf8 => self.decode_variant(src, at_end),
        }
    }

    /// Decodes `units` piece by piece ([`Pieces`]): each valid stretch into code
    /// points by `valid`, each invalid piece (at unit index `at`) by `invalid`,
    /// which returns `Err(None)` to stop and wait for more input, `Err(Some(_))`
    /// to stop at a problem. `width` is the bytes per unit. Returns the units
    /// decoded and the problem that stopped it.
    fn decode_pieces<F: Format>(
        &mut self,
        format: F,
        units: &[F::Unit],
        width: usize,
        mut valid: impl FnMut(&mut Self, &[F::Unit]),
        mut invalid: impl FnMut(
            &mut Self,
            usize,
            &[F::Unit],
            PieceProblem<F::Kind>,
        ) -> Result<(), Option<Problem>>,
    ) -> (usize, Option<Problem>) {
        let mut at = 0;
        for piece in Pieces::new(self.engine, format, units) {
            if !piece.valid.is_empty() {
                self.stretch(width * at, 0);
                valid(self, piece.valid);
                at += piece.valid.len();
            }
            let Some(problem) = piece.problem else {
                break;
            };
            if let Err(stop) = invalid(self, at, piece.invalid, problem) {
                return (at, stop);
            }
            at += piece.invalid.len();
        }
        (at, None)
    }

    /// Appends the code points of `n` units decoded into `self.values` by
    /// `convert` (a kernel's conversion to UTF-32 of input known to be valid).
    fn push_values<E>(&mut self, n: usize, convert: impl FnOnce(&mut [u32]) -> Result<usize, E>) {
        let start = self.values.len();
        self.values.resize(start + n, 0);
        let written = convert(&mut self.values[start..]).unwrap_or(0);
        self.values.truncate(start + written);
    }

    fn decode_utf8(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let end = if at_end {
            src.len()
        } else {
            src.len() - crate::utf8::incomplete_tail_len(src)
        };
        let valid = |this: &mut Self, text: &[u8]| {
            let e = this.engine;
            this.push_values(text.len(), |dst| e.utf8_to_utf32(text, dst));
        };
        let mode = self.mode;
        let (decoded, problem) = self.decode_pieces(
            pieces::Utf8,
            &src[..end],
            1,
            valid,
            |this, at, bad, problem| {
                if mode == ErrorMode::Strict {
                    // The length and kind std gives the piece in all of `src`: a
                    // sequence cut by `end` may go on after it.
                    let (len, kind) = match check_char(&src[at..]) {
                        Err((0, kind)) => (None, kind),
                        Err((len, kind)) => (Some(len as usize), kind),
                        Ok(_) => (problem.len, problem.kind),
                    };
                    let kind = TranscodeErrorKind::Utf8(kind);
                    return Err(Some(Problem::new(at, len, kind)));
                }
                this.push_piece(at, bad);
                Ok(())
            },
        );
        // Up to the problem, or to where a piece cut by the end waits.
        (decoded, problem)
    }

    fn decode_utf16(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let whole = src.len() / 2 * 2;
        let order = self.from.order();
        let mut units = core::mem::take(&mut self.in16);
        read_u16s(&mut units, &src[..whole]);
        let valid = |this: &mut Self, stretch: &[u16]| {
            let e = this.engine;
            this.push_values(stretch.len(), |dst| {
                e.ops().utf16_to_utf32(stretch, dst, order)
            });
        };
        let mode = self.mode;
        let result = self.decode_pieces(
            pieces::Utf16(order),
            &units,
            2,
            valid,
            |this, at, bad, problem| {
                let kind = problem.kind;
                let truncated = kind == Utf16ErrorKind::TruncatedAtEnd;
                match mode {
                    _ if truncated && !at_end => return Err(None),
                    ErrorMode::Strict => {
                        let len = if truncated { None } else { Some(2) };
                        let kind = TranscodeErrorKind::Utf16(kind);
                        return Err(Some(Problem::new(2 * at, len, kind)));
                    }
                    ErrorMode::SurrogateEscape => {
                        this.push_unit(2 * at, 2, order.read_u16(bad[0]) as u32)
                    }
                    _ => this.push_replaced_unit(2 * at, 2, order.read_u16(bad[0]) as u32),
                }
                Ok(())
            },
        );
        let last_high = units
            .last()
            .is_some_and(|&u| is_high(order.read_u16(u) as u32));
        self.in16 = units;
        match result {
            (n, None) if n == whole / 2 && whole < src.len() => {
                self.odd_end(src, whole, at_end, last_high)
            }
            (n, problem) => (2 * n, problem),
        }
    }

    fn decode_utf32(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let whole = src.len() / 4 * 4;
        let mut values = core::mem::take(&mut self.in32);
        read_u32s(&mut values, &src[..whole], self.from.order());
        let mode = self.mode;
        let valid = |this: &mut Self, stretch: &[u32]| this.values.extend_from_slice(stretch);
        let (_, problem) = self.decode_pieces(
            pieces::Utf32,
            &values,
            4,
            valid,
            |this, at, bad, problem| {
                let kind = problem.kind;
                match mode {
                    ErrorMode::SurrogateEscape if kind == Utf32ErrorKind::Surrogate => {
                        this.push_unit(4 * at, 4, bad[0])
                    }
                    ErrorMode::Strict | ErrorMode::SurrogateEscape => {
                        let kind = TranscodeErrorKind::Utf32(kind);
                        return Err(Some(Problem::new(4 * at, Some(4), kind)));
                    }
                    _ => this.push_replaced_unit(4 * at, 4, bad[0]),
                }
                Ok(())
            },
        );
        self.in32 = values;
        match problem {
            Some(problem) => (problem.at, Some(problem)),
            None if whole < src.len() => self.odd_end(src, whole, at_end, false),
            None => (whole, None),
        }
    }

    /// The end of `src` after its `whole` bytes of whole units: carried over, an
    /// error, or what the mode makes of it (`after_high`: UTF-16 whose last unit
    /// is a high surrogate, see [`replace_odd_end`]).
    fn odd_end(
        &mut self,
        src: &[u8],
        whole: usize,
        at_end: bool,
        after_high: bool,
    ) -> (usize, Option<Problem>) {
        if !at_end {
            return (whole, None);
        }
        if matches!(self.mode, ErrorMode::Strict | ErrorMode::SurrogateEscape) {
            let kind = TranscodeErrorKind::IncompleteUnit;
            return (whole, Some(Problem::new(whole, None, kind)));
        }
        self.stretch(whole, src.len() - whole);
        let values = &mut self.values;
        replace_odd_end(self.mode, &src[whole..], after_high, |cp| values.push(cp));
        (src.len(), None)
    }

    /// CESU-8, Modified UTF-8 or WTF-8: the variant's validation finds each valid
    /// stretch, the library's decoder decodes it.
    fn decode_variant(&mut self, src: &[u8], at_end: bool) -> (usize, Option<Problem>) {
        let from = match self.from {
            Encoding::Cesu8 | Encoding::Mutf8 => self.from,
            _ => Encoding::Wtf8,
        };
        let check = match from {
            Encoding::Cesu8 => pieces::Variant(Engine::check_cesu8),
            Encoding::Mutf8 => pieces::Variant(Engine::check_mutf8),
            _ => pieces::Variant(Engine::check_wtf8),
        };
        let end = if at_end {
            src.len()
        } else {
            src.len() - pending_tail(src)
        };
        let valid = |this: &mut Self, text: &[u8]| {
            let decoded = match from {
                Encoding::Cesu8 => this.engine.cesu8_to_utf16_vec(text),
                Encoding::Mutf8 => this.engine.mutf8_to_utf16_vec(text),
                _ => this.engine.wtf8_to_utf16_vec(text),
            };
            push_units(&mut this.values, &decoded.unwrap_or_default());
        };
        let mode = self.mode;
        let (decoded, problem) =
            self.decode_pieces(check, &src[..end], 1, valid, |this, at, bad, problem| {
                if problem.len.is_none() && !at_end {
                    // Cut by the block's end (Modified UTF-8's C0, say): wait for more.
                    return Err(None);
                }
                if mode == ErrorMode::Strict {
                    let kind = TranscodeErrorKind::Variant(problem.kind);
                    return Err(Some(Problem::new(at, problem.len, kind)));
                }
                this.push_piece(at, bad);
                Ok(())
            });
        // Up to the problem, or to where a piece cut by the end waits.
        (decoded, problem)
    }

    /// Encodes the code points `values` into `out`; what the target cannot hold
    /// is a problem.
    fn encode(&mut self, values: &[u32], out: &mut Vec<u8>) -> Result<(), Problem> {
        let replaces = !matches!(self.mode, ErrorMode::Strict | ErrorMode::SurrogateEscape);
        let (e, mode) = (self.engine, self.mode);
        let stop = match self.to {
            Encoding::Utf8 => {
                // `BackslashReplace` writes six bytes for an unpaired surrogate.
                let per_value = if mode == ErrorMode::BackslashReplace {
                    6
                } else {
                    4
                };
                let result = append(out, per_value * values.len(), |dst| {
                    e.utf32_to_utf8_with(values, dst, mode)
                });
                result.err().map(|e| e.valid_up_to())
            }
            Encoding::Utf16Le | Encoding::Utf16Be => {
                let order = self.to.order();
                let (mut units, stop) = units_of(values, replaces.then_some(mode));
                units.iter_mut().for_each(|u| *u = order.write_u16(*u));
                push_u16s(out, &units);
                stop
            }
            Encoding::Utf32Le | Encoding::Utf32Be => {
                let mut kept: Vec<u32> = Vec::with_capacity(values.len());
                for &cp in values {
                    if replaces && is_surrogate(cp) {
                        mode.replace_unit_chars(cp, |c| kept.push(c));
                    } else {
                        kept.push(cp);
                    }
                }
                push_u32s(out, &kept, self.to.order());
                None
            }
            Encoding::Latin1 | Encoding::Windows1252 => {
                let latin1 = self.to == Encoding::Latin1;
                let escapes = mode == ErrorMode::SurrogateEscape;
                let mut stop = None;
                let drops_or_escapes =
                    matches!(mode, ErrorMode::Ignore | ErrorMode::BackslashReplace);
                for (i, &cp) in values.iter().enumerate() {
                    if drops_or_escapes && is_surrogate(cp) {
                        // Nothing, or ASCII.
                        mode.replace_unit_chars(cp, |c| out.push(c as u8));
                        continue;
                    }
                    let byte = match cp {
                        0..=0xFF if latin1 => Some(cp as u8),
                        0xDC80..=0xDCFF if escapes => Some(cp as u8),
                        _ if latin1 => None,
                        _ => crate::latin1::windows1252_byte(cp),
                    };
                    let Some(byte) = byte else {
                        stop = Some(i);
                        break;
                    };
                    out.push(byte);
                }
                stop
            }
            Encoding::Cesu8 | Encoding::Mutf8 => self.encode_cesu8(values, out),
            Encoding::Wtf8 => {
                let (units, stop) = units_of(values, replaces.then_some(mode));
                out.extend_from_slice(&e.utf16_to_wtf8_vec(&units));
                stop
            }
        };
        match stop {
            None => Ok(()),
            Some(bad) => Err(self.unrepresentable(values, bad)),
        }
    }

    /// CESU-8 or Modified UTF-8: runs without unpaired surrogates through the
    /// library's encoder, each unpaired surrogate as the mode says. Returns the
    /// index of a code point that cannot be written.
    fn encode_cesu8(&mut self, values: &[u32], out: &mut Vec<u8>) -> Option<usize> {
        let mut at = 0;
        while at < values.len() {
            let run = values[at..]
                .iter()
                .position(|&cp| is_surrogate(cp))
                .map_or(values.len(), |k| at + k);
            if run > at {
                self.units.clear();
                self.units.resize(2 * (run - at), 0);
                let n = self
                    .engine
                    .utf32_to_utf16(&values[at..run], &mut self.units, ByteOrder::NATIVE)
                    .unwrap_or(0);
                let encoded = if self.to == Encoding::Cesu8 {
                    self.engine.utf16_to_cesu8_vec(&self.units[..n])
                } else {
                    self.engine.utf16_to_mutf8_vec(&self.units[..n])
                };
                out.extend_from_slice(&encoded.unwrap_or_default());
            }
            let Some(&cp) = values.get(run) else { break };
            match self.mode {
                ErrorMode::Strict => return Some(run),
                ErrorMode::SurrogateEscape if (0xDC80..=0xDCFF).contains(&cp) => out.push(cp as u8),
                ErrorMode::SurrogateEscape => return Some(run),
                mode => mode.replace_unit_chars(cp, |c| {
                    let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes())
                }),
            }
            at = run + 1;
        }
        None
    }

    /// The input offset and length (in bytes) of the code point at `index` of
    /// `values`, the block's code points.
    fn input_of(&self, values: &[u32], index: usize) -> (usize, usize) {
        let found = self.stretches.partition_point(|s| s.value <= index);
        let stretch = self.stretches[found.saturating_sub(1)];
        if stretch.width > 0 {
            let at = stretch.input + (index - stretch.value) * stretch.width;
            (at, stretch.width)
        } else {
            let before = source_len(self.from, &values[stretch.value..index]);
            let len = source_len(self.from, &values[index..=index]);
            (stretch.input + before, len)
        }
    }

    /// The problem of the code point at `bad`, which the target cannot hold, at
    /// its input offset.
    fn unrepresentable(&self, values: &[u32], bad: usize) -> Problem {
        let (at, len) = self.input_of(values, bad);
        Problem::new(at, Some(len), TranscodeErrorKind::Unmappable(values[bad]))
    }
}

/// The UTF-16 units (machine order) of `values`, unpaired surrogates kept, or
/// replaced as `replacing` says (`ErrorMode::replace_unit_chars`: U+FFFD, an
/// escape or nothing); stopping before a kept high surrogate that a kept low
/// one follows (they would read back as a pair), whose index is then the second
/// result.
fn units_of(values: &[u32], replacing: Option<ErrorMode>) -> (Vec<u16>, Option<usize>) {
    let mut units = Vec::with_capacity(values.len());
    for (i, &cp) in values.iter().enumerate() {
        if let Some(mode) = replacing.filter(|_| is_surrogate(cp)) {
            // U+FFFD and escapes are in the BMP: one unit each.
            mode.replace_unit_chars(cp, |c| units.push(c as u16));
            continue;
        }
        let next_is_low = values
            .get(i + 1)
            .is_some_and(|&next| is_surrogate(next) && !is_high(next));
        if is_high(cp) && next_is_low {
            return (units, Some(i));
        }
        if cp >= 0x1_0000 {
            let v = cp - 0x1_0000;
            units.push(0xD800 | (v >> 10) as u16);
            units.push(0xDC00 | (v & 0x3FF) as u16);
        } else {
            units.push(cp as u16);
        }
    }
    (units, None)
}

/// What a mode that replaces makes of the odd bytes at the end of UTF-16 or
/// UTF-32 input (too few for a unit), passed to `put`: nothing (`Ignore`),
/// `\xNN` per byte (`BackslashReplace`), else one U+FFFD, or none when they
/// follow a high surrogate (`after_high`): a high surrogate and the start of
/// the unit after it are one truncated character, one U+FFFD (as WHATWG's
/// UTF-16 decoder, encoding_rs and CPython have it).
fn replace_odd_end(mode: ErrorMode, bytes: &[u8], after_high: bool, mut put: impl FnMut(u32)) {
    match mode {
        ErrorMode::Ignore | ErrorMode::BackslashReplace => {
            mode.replace_piece(bytes, |cp| {
                put(cp);
                true
            });
        }
        _ if after_high => {}
        _ => put(REPLACEMENT),
    }
}

/// The bytes at the end of a variant's block that more input could change: an
/// incomplete character (a surrogate's `ED A0..BF` included), or a high surrogate
/// (`ED A0..AF xx`) with what may have begun of a low one after it, which
/// together could be a pair (valid in CESU-8 and Modified UTF-8, invalid in WTF-8).
fn pending_tail(src: &[u8]) -> usize {
    let n = src.len();
    let ends = |k: usize, pattern: fn(&[u8]) -> bool| n >= k && pattern(&src[n - k..]);
    let surrogate = if ends(5, |s| {
        matches!(s, [0xED, 0xA0..=0xAF, 0x80..=0xBF, 0xED, 0xB0..=0xBF])
    }) {
        5
    } else if ends(4, |s| matches!(s, [0xED, 0xA0..=0xAF, 0x80..=0xBF, 0xED])) {
        4
    } else if ends(3, |s| matches!(s, [0xED, 0xA0..=0xAF, 0x80..=0xBF])) {
        3
    } else if ends(2, |s| matches!(s, [0xED, 0xA0..=0xBF])) {
        2
    } else {
        0
    };
    crate::utf8::incomplete_tail_len(src).max(surrogate)
}

/// The bytes the code points `values` (valid text of one stretch) took in the
/// input encoding.
fn source_len(from: Encoding, values: &[u32]) -> usize {
    values
        .iter()
        .map(|&cp| match from {
            Encoding::Utf16Le | Encoding::Utf16Be => 2 * (1 + usize::from(cp >= 0x1_0000)),
            Encoding::Utf32Le | Encoding::Utf32Be => 4,
            Encoding::Latin1 | Encoding::Windows1252 => 1,
            Encoding::Mutf8 if cp == 0 => 2,
            Encoding::Cesu8 | Encoding::Mutf8 if cp >= 0x1_0000 => 6,
            // UTF-8, WTF-8, CESU-8 and Modified UTF-8 agree on the rest; an
            // unpaired surrogate (WTF-8) is three bytes.
            _ => match cp {
                0..=0x7F => 1,
                0x80..=0x7FF => 2,
                0x800..=0xFFFF => 3,
                _ => 4,
            },
        })
        .sum()
}
