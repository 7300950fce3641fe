//! CPython's error handlers, done here for every codec this package converts:
//! `replace`, `ignore`, `backslashreplace` and `surrogateescape` when decoding;
//! those and `xmlcharrefreplace` when encoding (and `strict` encoding to cp1252,
//! which has no kernel of its own). Each follows CPython's codec exactly: the
//! error ranges are those CPython hands its handler, and each range becomes
//! what that handler returns, so the result is `bytes.decode`'s or
//! `str.encode`'s. Where CPython's handler raises (`surrogateescape` on a byte
//! below 0x80 or a character it cannot make a byte, any handler CPython does
//! not accept for the direction) the answer is `None`, and the caller lets
//! CPython's codec raise its own exception. Valid stretches go through utfast's
//! kernels; only the errors are done here, one at a time.

use pyo3::types::string::PyStringData;
use utfast::{latin1, utf16, utf32, utf8, ByteOrder, ErrorMode};

use crate::codecs::Codec;
use crate::input::units;
use crate::output::with_units;

/// A CPython error handler this module does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handler {
    /// An error fails the conversion (encoding to cp1252 only: the other
    /// codecs' strict conversions are `to_str`'s and `to_bytes`').
    Strict,
    /// U+FFFD for each error range when decoding, `?` for each character
    /// when encoding.
    Replace,
    /// Nothing.
    Ignore,
    /// `\xNN` for each byte when decoding; `\xNN`, `\uNNNN` or `\UNNNNNNNN`
    /// (lower-case hex) for each character when encoding.
    BackslashReplace,
    /// `&#N;` (decimal) for each character; encoding only.
    XmlCharRefReplace,
    /// U+DC00 + byte for each byte (all from 0x80) when decoding; the byte
    /// for each of U+DC80–U+DCFF when encoding (not to UTF-16 or UTF-32).
    SurrogateEscape,
}

impl Handler {
    /// The handler named exactly `errors`, or `None` for one CPython does
    /// (`surrogatepass`, `namereplace`, registered ones).
    pub fn named(errors: &str) -> Option<Handler> {
        Some(match errors {
            "strict" => Handler::Strict,
            "replace" => Handler::Replace,
            "ignore" => Handler::Ignore,
            "backslashreplace" => Handler::BackslashReplace,
            "xmlcharrefreplace" => Handler::XmlCharRefReplace,
            "surrogateescape" => Handler::SurrogateEscape,
            _ => return None,
        })
    }

    /// The library's mode for this handler decoding UTF-8, whose invalid
    /// pieces (std's maximal subparts) are CPython's error ranges.
    fn utf8_mode(self) -> Option<ErrorMode> {
        Some(match self {
            Handler::Replace => ErrorMode::Replace,
            Handler::Ignore => ErrorMode::Ignore,
            Handler::BackslashReplace => ErrorMode::BackslashReplace,
            Handler::SurrogateEscape => ErrorMode::SurrogateEscape,
            Handler::Strict | Handler::XmlCharRefReplace => return None,
        })
    }

    /// Appends to `out` what this handler makes of one decoding error range,
    /// the bytes `bad`; false where CPython's handler raises.
    fn decoded<T: CharUnit>(self, bad: &[u8], out: &mut Decoded<'_, T>) -> bool {
        match self {
            Handler::Replace => out.push(0xFFFD),
            Handler::Ignore => true,
            Handler::BackslashReplace => {
                let mut room = true;
                for &byte in bad {
                    escape(u32::from(byte), |c| room &= out.push(u32::from(c)));
                }
                room
            }
            Handler::SurrogateEscape if bad.iter().all(|&byte| byte >= 0x80) => {
                bad.iter().all(|&byte| out.push(0xDC00 + u32::from(byte)))
            }
            _ => false,
        }
    }
}

/// Decoded characters: `values[..len]` written, the rest room. The room is
/// the caller's bound; where it runs out (it cannot, by the bounds
/// [`decode_bound`] gives) the decoding fails rather than panics.
struct Decoded<'a, T> {
    values: &'a mut [T],
    len: usize,
}

impl<T: CharUnit> Decoded<'_, T> {
    /// The room for `n` more characters.
    fn room(&mut self, n: usize) -> Option<&mut [T]> {
        self.values.get_mut(self.len..self.len.checked_add(n)?)
    }

    fn push(&mut self, c: u32) -> bool {
        let Some(slot) = self.values.get_mut(self.len) else {
            return false;
        };
        *slot = T::of(c);
        self.len += 1;
        true
    }
}

/// A unit of the `str` a decoding writes: UCS-2 or UCS-4.
pub trait CharUnit: Copy + Send {
    /// The unit of the character `c`, which the kind holds.
    fn of(c: u32) -> Self;

    /// UTF-8 under the library's `mode` into `dst`: the units written.
    fn from_utf8(src: &[u8], dst: &mut [Self], mode: ErrorMode) -> Option<usize>;

    /// The valid UTF-16 at the start of `units` (in `order`) into `room`
    /// (as long as `units`): (characters written, units read).
    fn utf16_stretch(units: &[u16], order: ByteOrder, room: &mut [Self]) -> (usize, usize);
}

impl CharUnit for u16 {
    fn of(c: u32) -> u16 {
        c as u16
    }

    fn from_utf8(src: &[u8], dst: &mut [u16], mode: ErrorMode) -> Option<usize> {
        utf8::to_utf16_with(src, dst, ByteOrder::NATIVE, mode).ok()
    }

    /// UCS-2 is chosen only when no high surrogate is followed by a low one:
    /// each surrogate is a lone one, the units before it characters as they
    /// are.
    fn utf16_stretch(units: &[u16], order: ByteOrder, room: &mut [u16]) -> (usize, usize) {
        let swap = order != ByteOrder::NATIVE;
        let surrogate =
            |unit: u16| (if swap { unit.swap_bytes() } else { unit }) & 0xF800 == 0xD800;
        let units = &units[..units.len().min(room.len())];
        let read = first_where(units, surrogate, surrogate);
        for (slot, &unit) in room.iter_mut().zip(&units[..read]) {
            *slot = if swap { unit.swap_bytes() } else { unit };
        }
        (read, read)
    }
}

impl CharUnit for u32 {
    fn of(c: u32) -> u32 {
        c
    }

    fn from_utf8(src: &[u8], dst: &mut [u32], mode: ErrorMode) -> Option<usize> {
        utf8::to_utf32_with(src, dst, mode).ok()
    }

    fn utf16_stretch(units: &[u16], order: ByteOrder, room: &mut [u32]) -> (usize, usize) {
        match utf16::to_utf32(units, room, order) {
            Ok(written) => (written, units.len()),
            Err(error) => (error.written(), error.valid_up_to()),
        }
    }
}

/// The most characters decoding `len` bytes under `handler` makes: one a
/// byte (a valid unit is one character, an error range at most one a byte),
/// four for `backslashreplace`'s `\xNN`.
pub fn decode_bound(len: usize, handler: Handler) -> usize {
    if handler == Handler::BackslashReplace {
        len.saturating_mul(4)
    } else {
        len
    }
}

/// Whether `src` decoded as `codec` may hold a character above U+FFFF (the
/// `str` must then be UCS-4): a byte F0-F4 in UTF-8, a high surrogate
/// followed by a low one in UTF-16, a value above 0xFFFF in UTF-32. (Folds
/// without an early exit.)
pub fn may_be_astral(codec: Codec, src: &[u8]) -> bool {
    // The tests read units as stored: in the other byte order, a high
    // surrogate's D8-DB byte is the low one, a value's top bytes the low two.
    let native = |order| order == ByteOrder::NATIVE;
    match codec {
        // F5-FF never start a character (they are errors, made BMP text).
        Codec::Utf8 => src
            .iter()
            .fold(false, |seen, &byte| seen | (0xF0..=0xF4).contains(&byte)),
        Codec::Utf16(order) => {
            // A valid pair: a high surrogate and a low one after it (lone
            // high surrogates alone keep the `str` UCS-2).
            let (mask, high, low) = if native(order) {
                (0xFC00, 0xD800, 0xDC00)
            } else {
                (0x00FC, 0x00D8, 0x00DC)
            };
            let units = units::<u16>(&src[..src.len() / 2 * 2]);
            let next = units.get(1..).unwrap_or_default();
            units
                .iter()
                .zip(next)
                .fold(false, |seen, (&first, &second)| {
                    seen | ((first & mask == high) & (second & mask == low))
                })
        }
        Codec::Utf32(order) => {
            let top = if native(order) {
                0xFFFF_0000
            } else {
                0x0000_FFFF
            };
            let units = units::<u32>(&src[..src.len() / 4 * 4]);
            units
                .iter()
                .fold(false, |seen, &unit| seen | (unit & top != 0))
        }
        Codec::Latin1 | Codec::Cp1252 => false,
    }
}

/// `src` decoded as `codec` under `handler` into `dst` (UCS-2 only where
/// [`may_be_astral`] says no; at least [`decode_bound`] units): how many
/// characters (lone surrogates among them for `surrogateescape`), or `None`
/// where CPython's handler raises.
pub fn decode<T: CharUnit>(
    codec: Codec,
    src: &[u8],
    handler: Handler,
    dst: &mut [T],
) -> Option<usize> {
    let mut out = Decoded {
        values: dst,
        len: 0,
    };
    let done = match codec {
        Codec::Utf8 => return T::from_utf8(src, out.values, handler.utf8_mode()?),
        // Never invalid: `to_str::decode` has decoded it.
        Codec::Latin1 => return None,
        Codec::Cp1252 => {
            let mut at = 0;
            loop {
                let stop = at + first_where(&src[at..], cp1252_undefined, cp1252_undefined);
                let stretch = &src[at..stop];
                let room = out.room(stretch.len())?;
                // Each byte as Latin-1, then the blocks with a byte from
                // 0x80 to 0x9F (other characters in cp1252) again.
                for (slot, &byte) in room.iter_mut().zip(stretch) {
                    *slot = T::of(u32::from(byte));
                }
                let c1 = |byte: u8| byte & 0xE0 == 0x80;
                for (slots, bytes) in room.chunks_mut(64).zip(stretch.chunks(64)) {
                    if bytes.iter().fold(false, |seen, &byte| seen | c1(byte)) {
                        for (slot, &byte) in slots.iter_mut().zip(bytes) {
                            *slot = T::of(CP1252[usize::from(byte)]);
                        }
                    }
                }
                out.len += stretch.len();
                if stop == src.len() {
                    break true;
                }
                if !handler.decoded(&src[stop..=stop], &mut out) {
                    break false;
                }
                at = stop + 1;
            }
        }
        Codec::Utf16(order) => decode_utf16(src, order, handler, &mut out)?,
        Codec::Utf32(order) => decode_utf32(src, order, handler, &mut out)?,
    };
    done.then_some(out.len)
}

/// UTF-16 in `order` with CPython's error ranges: a lone low surrogate, or a
/// high one not followed by a low one, is its two bytes ("illegal encoding",
/// "illegal UTF-16 surrogate"); a high surrogate in the last whole unit runs
/// to the input's end ("unexpected end of data"); an odd last byte alone is
/// "truncated data". `None` when the room runs out.
fn decode_utf16<T: CharUnit>(
    src: &[u8],
    order: ByteOrder,
    handler: Handler,
    out: &mut Decoded<'_, T>,
) -> Option<bool> {
    let units = units::<u16>(&src[..src.len() / 2 * 2]);
    let count = units.len();
    let mut at = 0;
    while at < count {
        // One character a unit at most.
        let (written, read) = T::utf16_stretch(&units[at..], order, out.room(count - at)?);
        out.len += written;
        let stop = at + read;
        if stop == count {
            break;
        }
        let unit = if order == ByteOrder::NATIVE {
            units[stop]
        } else {
            units[stop].swap_bytes()
        };
        if unit < 0xDC00 && stop + 1 == count {
            return Some(handler.decoded(&src[2 * stop..], out));
        }
        if !handler.decoded(&src[2 * stop..2 * stop + 2], out) {
            return Some(false);
        }
        at = stop + 1;
    }
    Some(src.len().is_multiple_of(2) || handler.decoded(&src[src.len() - 1..], out))
}

/// UTF-32 in `order` with CPython's error ranges: each value that is a
/// surrogate or above U+10FFFF is its four bytes; one to three bytes after the
/// last whole value are "truncated data". `None` when the room runs out.
fn decode_utf32<T: CharUnit>(
    src: &[u8],
    order: ByteOrder,
    handler: Handler,
    out: &mut Decoded<'_, T>,
) -> Option<bool> {
    let units = units::<u32>(&src[..src.len() / 4 * 4]);
    let count = units.len();
    // A window at a time in native order (a value is its own character: a
    // window's end cuts nothing), checked, and its valid start kept.
    const WINDOW: usize = 256;
    let mut values = [0u32; WINDOW];
    let mut at = 0;
    while at < count {
        let window = &units[at..count.min(at + WINDOW)];
        let values = &mut values[..window.len()];
        for (value, &unit) in values.iter_mut().zip(window) {
            *value = if order == ByteOrder::NATIVE {
                unit
            } else {
                unit.swap_bytes()
            };
        }
        let valid = utf32::check(values).map_or_else(|e| e.valid_up_to(), |()| window.len());
        for (slot, &value) in out.room(valid)?.iter_mut().zip(&values[..valid]) {
            *slot = T::of(value);
        }
        out.len += valid;
        let stop = at + valid;
        if valid == window.len() {
            at = stop;
            continue;
        }
        if !handler.decoded(&src[4 * stop..4 * stop + 4], out) {
            return Some(false);
        }
        at = stop + 1;
    }
    Some(src.len().is_multiple_of(4) || handler.decoded(&src[4 * count..], out))
}

/// Each byte's character in Windows-1252 (the library's table; the five
/// undefined bytes, which never reach it here, as the C1 controls).
static CP1252: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = latin1::windows1252_char(byte as u8) as u32;
        byte += 1;
    }
    table
};

/// The index of the first element of `src` for which `exact` holds
/// (`src.len()` if none), 64 at a time: a block is searched only where
/// `quick` (true wherever `exact` is; the test without an early exit
/// vectorises) holds for one of its elements.
fn first_where<T: Copy>(src: &[T], quick: impl Fn(T) -> bool, exact: impl Fn(T) -> bool) -> usize {
    let mut at = 0;
    for block in src.chunks(64) {
        if block.iter().fold(false, |seen, &x| seen | quick(x)) {
            if let Some(found) = block.iter().position(|&x| exact(x)) {
                return at + found;
            }
        }
        at += block.len();
    }
    at
}

/// The five bytes CPython's cp1252 leaves undefined.
pub fn cp1252_undefined(byte: u8) -> bool {
    matches!(byte, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D)
}

/// CPython's cp1252 byte for the character `c`, if it has one (U+0080–U+009F
/// have none: their bytes are other characters or undefined).
#[inline]
fn cp1252_byte(c: u32) -> Option<u8> {
    if cp1252_as_is(c) {
        return Some(c as u8);
    }
    latin1::windows1252_byte(c).filter(|&byte| !cp1252_undefined(byte))
}

/// Whether cp1252 takes the character `c` as the byte of the same value:
/// ASCII and U+00A0–U+00FF.
fn cp1252_as_is(c: u32) -> bool {
    c < 0x80 || (0xA0..0x100).contains(&c)
}

/// Whether `codec` can encode the character `c` (a `str` may hold lone
/// surrogates, which no codec here encodes).
fn encodable(codec: Codec, c: u32) -> bool {
    match codec {
        Codec::Utf8 | Codec::Utf16(_) | Codec::Utf32(_) => !(0xD800..0xE000).contains(&c),
        Codec::Latin1 => c < 0x100,
        Codec::Cp1252 => cp1252_byte(c).is_some(),
    }
}

/// The units of a `str` `data` encoded as `codec` under `handler` into `out`
/// (a scratch vector, emptied first); false where CPython's handler raises.
pub fn encode(codec: Codec, data: PyStringData<'_>, handler: Handler, out: &mut Vec<u8>) -> bool {
    out.clear();
    match data {
        PyStringData::Ucs1(src) => encode_units(codec, src, handler, out),
        PyStringData::Ucs2(src) => encode_units(codec, src, handler, out),
        PyStringData::Ucs4(src) => encode_units(codec, src, handler, out),
    }
}

/// The characters of `src` encoded as `codec` into `out`: each stretch the
/// codec can encode by [`StrUnit::encode`], each other character by
/// `handler`. CPython hands its handlers runs of such characters, but what
/// each handler returns for a run is what it returns for its characters one
/// by one (`surrogateescape` fails a run where it fails one of them).
fn encode_units<T: StrUnit>(codec: Codec, src: &[T], handler: Handler, out: &mut Vec<u8>) -> bool {
    let mut at = 0;
    while at < src.len() {
        let bad = at + first_unencodable(codec, &src[at..]);
        T::encode(codec, &src[at..bad], out);
        if bad == src.len() {
            break;
        }
        if !encode_error(codec, handler, src[bad].into(), out) {
            return false;
        }
        at = bad + 1;
    }
    true
}

/// The index of the first character of `src` that `codec` cannot encode
/// (`src.len()` if none); cp1252's blocks of characters it takes as they are
/// need no search of its table.
fn first_unencodable<T: StrUnit>(codec: Codec, src: &[T]) -> usize {
    let unencodable = |u: T| !encodable(codec, u.into());
    match codec {
        Codec::Cp1252 => first_where(src, |u: T| !cp1252_as_is(u.into()), unencodable),
        _ => first_where(src, unencodable, unencodable),
    }
}

/// Appends what `handler` makes of the character `c`, which `codec` cannot
/// encode; false where CPython's handler raises.
fn encode_error(codec: Codec, handler: Handler, c: u32, out: &mut Vec<u8>) -> bool {
    match handler {
        Handler::Strict => return false,
        Handler::Replace => push_ascii(codec, b'?', out),
        Handler::Ignore => {}
        Handler::BackslashReplace => escape(c, |byte| push_ascii(codec, byte, out)),
        Handler::XmlCharRefReplace => {
            for byte in format!("&#{c};").bytes() {
                push_ascii(codec, byte, out);
            }
        }
        // CPython's UTF-16 and UTF-32 encoders refuse a handler's bytes that
        // are not whole units: one escaped byte never is.
        Handler::SurrogateEscape => match codec {
            Codec::Utf16(_) | Codec::Utf32(_) => return false,
            _ if (0xDC80..0xDD00).contains(&c) => out.push((c - 0xDC00) as u8),
            _ => return false,
        },
    }
    true
}

/// Appends the ASCII character `byte` encoded as `codec`.
fn push_ascii(codec: Codec, byte: u8, out: &mut Vec<u8>) {
    match codec {
        Codec::Utf16(order) => out.extend_from_slice(&to_order16(u16::from(byte), order)),
        Codec::Utf32(order) => out.extend_from_slice(&to_order32(u32::from(byte), order)),
        Codec::Utf8 | Codec::Latin1 | Codec::Cp1252 => out.push(byte),
    }
}

/// Python's backslash escape of `c`, its ASCII characters handed to `push`:
/// `\xNN` below U+0100, `\uNNNN` below U+10000, else `\UNNNNNNNN`, in
/// lower-case hex.
fn escape(c: u32, mut push: impl FnMut(u8)) {
    let (letter, digits) = match c {
        0..=0xFF => (b'x', 2),
        0x100..=0xFFFF => (b'u', 4),
        _ => (b'U', 8),
    };
    push(b'\\');
    push(letter);
    for shift in (0..digits).rev() {
        push(b"0123456789abcdef"[(c >> (4 * shift)) as usize & 0xF]);
    }
}

/// The bytes of a UTF-16 unit in `order`.
fn to_order16(unit: u16, order: ByteOrder) -> [u8; 2] {
    match order {
        ByteOrder::Big => unit.to_be_bytes(),
        _ => unit.to_le_bytes(),
    }
}

/// The bytes of a UTF-32 value in `order`.
fn to_order32(value: u32, order: ByteOrder) -> [u8; 4] {
    match order {
        ByteOrder::Big => value.to_be_bytes(),
        _ => value.to_le_bytes(),
    }
}

/// A unit of a PEP 393 `str` (one character each): Latin-1, UCS-2 or UCS-4.
trait StrUnit: Copy + Into<u32> {
    /// Appends `src`, characters `codec` can all encode, encoded as `codec`.
    fn encode(codec: Codec, src: &[Self], out: &mut Vec<u8>);
}

impl StrUnit for u8 {
    fn encode(codec: Codec, src: &[u8], out: &mut Vec<u8>) {
        match codec {
            Codec::Utf8 => append(out, 2 * src.len(), |dst| {
                latin1::to_utf8(src, dst).unwrap_or(0)
            }),
            Codec::Utf16(order) => append16(out, src.len(), |dst| {
                latin1::to_utf16(src, dst, order).unwrap_or(0)
            }),
            Codec::Utf32(order) => append_utf32(out, src, order),
            // cp1252 takes the Latin-1 characters it encodes as they are.
            Codec::Latin1 | Codec::Cp1252 => out.extend_from_slice(src),
        }
    }
}

impl StrUnit for u16 {
    fn encode(codec: Codec, src: &[u16], out: &mut Vec<u8>) {
        // No surrogate in `src` (none is encodable), so the units are UTF-16.
        match codec {
            Codec::Utf8 => append(out, 3 * src.len(), |dst| {
                utf16::to_utf8(src, dst, ByteOrder::NATIVE).unwrap_or(0)
            }),
            Codec::Utf16(order) => append(out, 2 * src.len(), |dst| {
                put_utf16(src, order, dst);
                dst.len()
            }),
            Codec::Utf32(order) => append_utf32(out, src, order),
            Codec::Latin1 => append(out, src.len(), |dst| {
                utf16::to_latin1(src, dst, ByteOrder::NATIVE).unwrap_or(0)
            }),
            Codec::Cp1252 => append_cp1252(out, src),
        }
    }
}

impl StrUnit for u32 {
    fn encode(codec: Codec, src: &[u32], out: &mut Vec<u8>) {
        match codec {
            Codec::Utf8 => append(out, 4 * src.len(), |dst| {
                utf32::to_utf8(src, dst).unwrap_or(0)
            }),
            Codec::Utf16(order) => append16(out, 2 * src.len(), |dst| {
                utf32::to_utf16(src, dst, order).unwrap_or(0)
            }),
            Codec::Utf32(order) => append_utf32(out, src, order),
            Codec::Latin1 => append(out, src.len(), |dst| {
                utf32::to_latin1(src, dst).unwrap_or(0)
            }),
            Codec::Cp1252 => append_cp1252(out, src),
        }
    }
}

/// Writes UCS-2 units (no surrogate among them) as UTF-16 in `order` into
/// `dst`, two bytes each.
pub fn put_utf16(src: &[u16], order: ByteOrder, dst: &mut [u8]) {
    for (pair, &unit) in dst.chunks_exact_mut(2).zip(src) {
        pair.copy_from_slice(&to_order16(unit, order));
    }
}

/// Writes each character of `src` as a UTF-32 value in `order` into `dst`,
/// four bytes each.
pub fn put_utf32<T: Copy + Into<u32>>(src: &[T], order: ByteOrder, dst: &mut [u8]) {
    for (quad, &unit) in dst.chunks_exact_mut(4).zip(src) {
        quad.copy_from_slice(&to_order32(unit.into(), order));
    }
}

/// Appends `src`'s characters (no surrogate among them) as UTF-32 in `order`.
fn append_utf32<T: StrUnit>(out: &mut Vec<u8>, src: &[T], order: ByteOrder) {
    append(out, 4 * src.len(), |dst| {
        put_utf32(src, order, dst);
        dst.len()
    });
}

/// Appends `src`'s characters, all of which cp1252 encodes, as cp1252.
fn append_cp1252<T: StrUnit>(out: &mut Vec<u8>, src: &[T]) {
    append(out, src.len(), |dst| {
        for (byte, &unit) in dst.iter_mut().zip(src) {
            *byte = cp1252_byte(unit.into()).unwrap_or(b'?');
        }
        dst.len()
    });
}

/// Appends up to `room` bytes written by `write`, which returns how many.
fn append(out: &mut Vec<u8>, room: usize, write: impl FnOnce(&mut [u8]) -> usize) {
    let start = out.len();
    out.resize(start + room, 0);
    let written = write(&mut out[start..]);
    out.truncate(start + written);
}

/// Appends up to `room` UTF-16 units written by `write` (which returns how
/// many, stored as the bytes are meant to read), as their bytes: into `out`
/// itself where its end is aligned for them (no allocation of its own).
fn append16(out: &mut Vec<u8>, room: usize, write: impl FnOnce(&mut [u16]) -> usize) {
    append(out, 2 * room, |dst| 2 * with_units(dst, write));
}
