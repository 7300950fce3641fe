//! UTF-16, UTF-32 and Latin-1 to UTF-8, written once over [`Simd128`].
//!
//! A kernel with [`Wide`] conversions (AVX-512) takes 64 units per step
//! ([`Source::wide`]), and short input and the last units 32 at a time with exact
//! stores ([`Source::short`]); what they decline (an unpaired surrogate, a UTF-32
//! value above U+FFFF) comes to the code below.
//!
//! ASCII runs go at the kernel's full width ([`Source::ascii`]: UTF-16 narrowed,
//! Latin-1 copied). Other input goes 16 units at a time, loaded as two vectors of
//! eight `u16` lanes (a [`Source`] narrows UTF-32 values and widens Latin-1 bytes
//! to that form, and
//! turns UTF-16BE into the machine's order). UTF-16 with surrogate pairs goes
//! the same way, each half of a pair a lane of two bytes ([`encode8_pairs`]).
//! When a unit needs more than that (an unpaired surrogate, a UTF-32 value
//! above U+FFFF or an invalid one), the 16 units go character by character
//! instead, and the first invalid character hands the rest to the scalar
//! reference, which names the error exactly.
//!
//! A step's 16 lanes are encoded by the widest character among them:
//!
//! - all ASCII: narrowed to bytes, one store of 16 bytes;
//! - up to U+07FF: each lane becomes the two bytes `[lead or ASCII,
//!   continuation]`, and a byte shuffle chosen by eight "two bytes" bits keeps
//!   the second only where it belongs, eight lanes at a time;
//! - up to U+FFFF: each lane becomes four bytes `[lead, continuation,
//!   continuation or ASCII, unused]`, four lanes per vector; a shuffle chosen
//!   by two bits per lane (at least U+0080, at least U+0800) keeps one, two or
//!   three.
//!
//! Within the last two cases no branch asks which lanes are ASCII (or all of
//! three bytes): on mixed text (French, Thai, Chinese with digits) that was a
//! coin toss a step. One exception: the three-byte step right after an ASCII
//! run (SSE4.2, NEON) narrows a half that is all ASCII ([`encode16_three`]),
//! where the run most often ended.
//!
//! Both shuffle tables are built by `const fn` from that definition. Every store
//! writes a whole vector; the output pointer then advances by the bytes kept.

use super::from_utf8::select;
use super::portable;
use super::vector_traits::{or4, unit_mask16, unit_mask32, ByteVector, Simd128};
use super::wide::Wide;
use super::{Latin1, Utf16, Utf32};
use crate::error::{Offset, OutputTooSmall, Utf16Error, Utf32Error};
use crate::reference::transcode as reference;
use crate::ByteOrder;

/// Units per step.
const STEP: usize = 16;

/// Vectors an ASCII run tests one at a time before it tests
/// [`Source::MANY`] at once (Latin-1; chosen on French and German text, whose
/// runs between accented letters are often a word or two).
const SINGLE_TESTS: usize = 4;

/// Output bytes a step may touch: at most four per unit (a surrogate pair, or a
/// UTF-32 value above U+FFFF, counts two units or four bytes), plus the last
/// store's whole vector.
const ROOM: usize = 4 * STEP + 16;

/// The shuffle for eight lanes of `[first, second]` bytes that keeps every first
/// byte and the second where bit `i` of `two` is set.
const fn two_byte_shuffle(two: usize) -> [u8; 16] {
    let mut shuffle = [0x80u8; 16];
    let (mut lane, mut out) = (0, 0);
    while lane < 8 {
        shuffle[out] = 2 * lane as u8;
        out += 1;
        if two >> lane & 1 != 0 {
            shuffle[out] = 2 * lane as u8 + 1;
            out += 1;
        }
        lane += 1;
    }
    shuffle
}

/// The shuffle for four lanes of [`three_byte_groups`] that keeps, of lane
/// `i`, byte 2 (the ASCII character) where bits `2i` and `2i + 1` of `classes`
/// are clear, bytes 1 and 2 (a two-byte character) where only bit `2i` is set
/// (at least U+0080), and bytes 0 to 2 where both are (at least U+0800).
const fn three_byte_shuffle(classes: usize) -> [u8; 16] {
    let mut shuffle = [0x80u8; 16];
    let (mut lane, mut out) = (0, 0);
    while lane < 4 {
        let (first, end) = match classes >> (2 * lane) & 3 {
            0 => (2, 3),
            1 => (1, 3),
            _ => (0, 3),
        };
        let mut k = first;
        while k < end {
            shuffle[out] = 4 * lane as u8 + k as u8;
            out += 1;
            k += 1;
        }
        lane += 1;
    }
    shuffle
}

/// The shuffle for four `u32` lanes of [`four_byte_groups`] (each lane's UTF-8
/// bytes last to first) that keeps lane `i`'s first `1 + (lens >> 2i & 3)`
/// bytes, first to last.
const fn four_byte_shuffle(lens: usize) -> [u8; 16] {
    let mut shuffle = [0x80u8; 16];
    let (mut lane, mut out) = (0, 0);
    while lane < 4 {
        let mut k = (lens >> (2 * lane) & 3) + 1;
        while k > 0 {
            k -= 1;
            shuffle[out] = 4 * lane as u8 + k as u8;
            out += 1;
        }
        lane += 1;
    }
    shuffle
}

/// [`four_byte_shuffle`] for every index.
static FOUR_BYTE_SHUFFLES: [[u8; 16]; 256] = {
    let mut table = [[0u8; 16]; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = four_byte_shuffle(i);
        i += 1;
    }
    table
};

/// Both tables, for every index.
const fn tables() -> [[[u8; 16]; 256]; 2] {
    let mut tables = [[[0u8; 16]; 256]; 2];
    let mut i = 0;
    while i < 256 {
        tables[0][i] = two_byte_shuffle(i);
        tables[1][i] = three_byte_shuffle(i);
        i += 1;
    }
    tables
}

/// The shuffles, `[0]` for two-byte and `[1]` for three-byte lanes (also read by
/// the AVX2 encoder, which applies two at a time).
///
/// A `const`, not a `static`: each kernel's code gets its own copy, addressed
/// relative to the instruction, where a shared `static` in another codegen
/// unit is reached through the GOT (one more load each time a table is read).
pub(crate) const SHUFFLES: [[[u8; 16]; 256]; 2] = tables();

/// Swaps the two bytes of every `u16` lane.
static BYTE_SWAP: [u8; 16] = {
    let mut swap = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        swap[i] = (i ^ 1) as u8;
        i += 1;
    }
    swap
};

/// 0xFFFF in the lanes below `limit` (a power of two, at most 0x8000).
#[inline(always)]
unsafe fn below<S: Simd128>(units: S, limit: u16) -> S {
    units.and(S::splat16(!(limit - 1))).eq16(S::splat(0))
}

/// One bit per `u16` lane of two lane masks (bit `i` for lane `i` of `a`, bit
/// `8 + i` for lane `i` of `b`): its top bit.
#[inline(always)]
unsafe fn lane_bits16<S: Simd128>(a: S, b: S) -> u32 {
    a.shr16::<8>().narrow(b.shr16::<8>()).movemask()
}

/// Encodes the eight lanes of `units` (code points up to U+FFFF, no surrogates)
/// at `out`; returns the bytes written. Writes up to 32 bytes.
///
/// The class of each lane comes in the two bits [`SHUFFLES`]`[1]` reads, from
/// one byte mask: `min(c, 0x80)` has the top bit of its low byte set where `c`
/// is at least U+0080, and `c + 0x7800` (saturating) the top bit of its high
/// byte where `c` is at least U+0800; or'ed together, they give both bits in
/// one movemask (one mask each before: 79 instructions a 16-unit step of
/// Japanese text, 76 now). No comparison and no complement: this step is
/// bound by the instructions and shuffles it issues. No branch either:
/// all-ASCII, two-byte and all-three-byte halves take the same path. Cases of
/// their own for them mispredicted on text that mixes them (Thai, Vietnamese,
/// Hindi, and Chinese with Latin words and digits: 12,000 mispredicted
/// branches a Thai conversion against 5,000 without, in cachegrind's model).
///
/// # Safety
/// `out..out + 32` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode8<S: Simd128>(units: S, out: *mut u8) -> usize {
    let capped = units.min_units(S::splat16(0x80));
    let lifted = units.adds16(S::splat16(0x7800));
    // Bit 2i: lane i is at least U+0080 (the top bit of the low byte:
    // `capped` is 0x80 from there up, and below U+0800 `lifted`'s low byte is
    // the lane's own, below 0x80 for ASCII). Bit 2i + 1: at least U+0800
    // (`capped`'s high byte is zero).
    let classes = capped.or(lifted).movemask();
    // The two-byte leads: 0x4000 more than a middle continuation, taken back
    // where the lane is at least U+0800 (the top bit of `lifted`, moved to
    // bit 14).
    let first = three_byte_heads(units)
        .or(S::splat16(0x4000))
        .xor(lifted.shr16::<1>().and(S::splat16(0x4000)));
    // SAFETY: the caller's promise: 32 bytes at `out`.
    store_groups([first, group_seconds(units, capped)], classes, out)
}

/// Stores the bytes of eight lanes' groups (the two `u16` halves of
/// [`three_byte_groups`]) that `classes` keeps (two bits per lane, as
/// [`SHUFFLES`]`[1]` reads them); returns the bytes written. Writes up to 32
/// bytes.
///
/// # Safety
/// `out..out + 32` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn store_groups<S: Simd128>(groups: [S; 2], classes: u32, out: *mut u8) -> usize {
    let [first, second] = groups;
    let halves = [first.zip16_low(second), first.zip16_high(second)];
    // SAFETY: the caller's promise.
    store_shuffled(halves, &SHUFFLES[1], classes, 4, out)
}

/// Stores `halves[0]` shuffled by `table[bits & 0xFF]` at `out`, then
/// `halves[1]` by `table[bits >> 8 & 0xFF]` after the bytes it keeps: each
/// keeps `base` bytes and one more per set bit of its index. Returns the bytes
/// written. Writes up to 16 bytes past them.
///
/// # Safety
/// `out..out + 2 * base + popcount + 16` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn store_shuffled<S: Simd128>(
    halves: [S; 2],
    table: &[[u8; 16]; 256],
    bits: u32,
    base: usize,
    out: *mut u8,
) -> usize {
    let [low, high] = [bits & 0xFF, bits >> 8 & 0xFF];
    // SAFETY (stores): the caller's promise.
    halves[0]
        .shuffle(S::load(table[low as usize].as_ptr()))
        .store(out);
    halves[1]
        .shuffle(S::load(table[high as usize].as_ptr()))
        .store(out.add(base + low.count_ones() as usize));
    // Both lengths from one count: no chain of additions.
    2 * base + (bits & 0xFFFF).count_ones() as usize
}

/// Encodes the eight lanes of `units` (code points up to U+FFFF and the
/// halves of surrogate pairs; `prev` holds each lane's predecessor unit,
/// `high` and `low` are 0xFFFF in the lanes of high and low surrogates, each
/// high one followed by a low one) at `out`; returns the bytes written. Writes
/// up to 32 bytes.
///
/// The four UTF-8 bytes of a pair split two and two between its units, so a
/// surrogate lane is a "two-byte" lane of [`three_byte_groups`]: with `v` the
/// high unit minus 0xD7C0 (the top eleven bits of the code point), the high
/// unit gives `[0xF0 | v >> 8, 0x80 | (v >> 2) & 0x3F]`, the low unit
/// `[0x80 | (v & 3) << 4 | (low >> 6) & 0xF, 0x80 | low & 0x3F]` (`v & 3` is
/// its predecessor's `& 3`).
///
/// # Safety
/// `out..out + 32` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode8_pairs<S: Simd128>(units: S, prev: S, high: S, low: S, out: *mut u8) -> usize {
    let surrogate = high.or(low);
    let ascii_bits = below(units, 0x80).movemask();
    let short = below(units, 0x800).or(surrogate);
    let [first, second] = three_byte_groups(units, short);
    // The kept bytes of a surrogate lane: byte 1 (the high half of `first`)
    // and byte 2 (the low half of `second`, already right for a low unit).
    let v = units.add16(S::splat16(0x2840));
    let high_first = v.and(S::splat16(0xFF00)).or(S::splat16(0xF000));
    let high_second = v.shr16::<2>().and(S::splat16(0x3F)).or(S::splat16(0x80));
    let low_first = prev
        .shl16::<12>()
        .and(S::splat16(0x3000))
        .or(units.shl16::<2>().and(S::splat16(0x0F00)))
        .or(S::splat16(0x8000));
    let first = select(high, high_first, select(low, low_first, first));
    let second = select(high, high_second, second);
    store_groups(
        [first, second],
        !ascii_bits & 0x5555 | !short.movemask() & 0xAAAA,
        out,
    )
}

/// The UTF-8 bytes of each `u32` lane of `values` (Unicode scalar values), last
/// to first: `[0x80 | c & 0x3F, 0x80 | (c >> 6) & 0x3F, 0x80 | (c >> 12) &
/// 0x3F, 0xF0 | c >> 18]` with the lead's marker moved down for shorter
/// characters, and `c` itself for ASCII. `below` are the lanes below U+0080,
/// U+0800 and U+10000.
#[inline(always)]
unsafe fn four_byte_groups<S: Simd128>(values: S, below: [S; 3]) -> S {
    let spread = values
        .and(S::splat32(0x3F))
        .or(values.shl32::<2>().and(S::splat32(0x3F00)))
        .or(values.shl32::<4>().and(S::splat32(0x3F_0000)))
        .or(values.shl32::<6>().and(S::splat32(0x0700_0000)));
    // The markers of four, three and two bytes; lanes below U+0800 are below
    // U+10000 too.
    let (four, three, two) = (0xF080_8080, 0x00E0_8080, 0x0000_C080);
    let marker = S::splat32(four)
        .xor(below[2].and(S::splat32(four ^ three)))
        .xor(below[1].and(S::splat32(three ^ two)));
    select(below[0], values, spread.or(marker))
}

/// Encodes the four `u32` lanes of `values` (Unicode scalar values) at `out`;
/// returns the bytes written. Writes 16 bytes.
///
/// # Safety
/// `out..out + 16` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode4_values<S: Simd128>(values: S, out: *mut u8) -> usize {
    let below = [0x80, 0x800, 0x1_0000]
        .map(|limit: u32| values.and(S::splat32(!(limit - 1))).eq32(S::splat(0)));
    // One bit per lane (bit 4i) where it is not below each limit; as lanes
    // grow, those are set in order, so a lane's length less one is their count:
    // bit 0 their parity, bit 1 the second.
    let [n1, n2, n3] = below.map(|b| !b.movemask() & 0x1111);
    let fields = (n1 ^ n2 ^ n3) | n2 << 1;
    let index = fields & 3 | fields >> 2 & 0xC | fields >> 4 & 0x30 | fields >> 6 & 0xC0;
    // SAFETY: the caller's promise.
    four_byte_groups(values, below)
        .shuffle(S::load(FOUR_BYTE_SHUFFLES[index as usize].as_ptr()))
        .store(out);
    4 + (n1 | n2 << 1 | n3 << 2).count_ones() as usize
}

/// Encodes the 16 lanes `[a, b]` that hold surrogates at `out`, if every one is
/// half of a pair within them (the last lane may be a high surrogate whose low
/// one comes next: it is left for the next step); returns the units read (15 or
/// 16) and the bytes written, or `None` (having written nothing that counts)
/// for an unpaired surrogate. Writes up to 64 bytes.
///
/// # Safety
/// `out..out + 64` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode16_pairs<S: Simd128>(a: S, b: S, out: *mut u8) -> Option<(usize, usize)> {
    let kind = |units: S, bits: u16| units.and(S::splat16(0xFC00)).eq16(S::splat16(bits));
    let (high_a, high_b) = (kind(a, 0xD800), kind(b, 0xD800));
    let (low_a, low_b) = (kind(a, 0xDC00), kind(b, 0xDC00));
    let high_bits = lane_bits16(high_a, high_b);
    // Each low surrogate follows a high one, and each high one but the last
    // lane's precedes a low one.
    if lane_bits16(low_a, low_b) != high_bits << 1 & 0xFFFF {
        return None;
    }
    let n = encode8_pairs(a, a.prev::<2>(S::splat(0)), high_a, low_a, out);
    let n = n + encode8_pairs(b, b.prev::<2>(a), high_b, low_b, out.add(n));
    // A high surrogate in the last lane took two bytes: they are written again
    // with its pair.
    let pending = (high_bits >> 15) as usize;
    Some((STEP - pending, n - 2 * pending))
}

/// The first `u16` half of each lane's [`three_byte_groups`] group when every
/// lane takes three bytes: `[0xE0 | c >> 12, 0x80 | (c >> 6) & 0x3F]`.
#[inline(always)]
unsafe fn three_byte_heads<S: Simd128>(units: S) -> S {
    // `c >> 4` keeps the top four bits in the high byte and the middle six at
    // the top of the low byte; the two bytes then change places. Bits 4 and 5
    // of `c`, left at the bottom of the low byte, land in bits 6 and 7 of the
    // lead, which the lead's marker sets anyway: no mask (one instruction
    // fewer an eight-lane step).
    units.shr16::<4>().merge_bytes6().or(S::splat16(0x80E0))
}

/// The two `u16` halves of each lane's `[three-byte lead, continuation or
/// two-byte lead, last continuation or ASCII, unused]` group, which
/// [`SHUFFLES`]`[1]` keeps one, two or three bytes of, where `short` is 0xFFFF
/// in the lanes below U+0800. No blend: a two-byte lead is the middle
/// continuation with bit 6 set (below U+0800 the middle six bits are the top
/// five); the third byte is [`group_seconds`].
#[inline(always)]
unsafe fn three_byte_groups<S: Simd128>(units: S, short: S) -> [S; 2] {
    let first = three_byte_heads(units).or(short.and(S::splat16(0x4000)));
    [
        first,
        group_seconds(units, units.min_units(S::splat16(0x80))),
    ]
}

/// The second `u16` half of each lane's [`three_byte_groups`] group, where
/// `capped` is `min(c, 0x80)`: `c & 0x3F | capped` in the low byte is the
/// ASCII character itself below U+0080 and the last continuation byte `0x80 |
/// c & 0x3F` from there up. No byte shuffle: the step that encodes Chinese and
/// Thai text is bound by its shuffles as much as by its instructions
/// (Japanese and Korean Wikipedia 3-6% faster with SSE4.2 on Zen 3, AVX2
/// 5-8%).
#[inline(always)]
unsafe fn group_seconds<S: Simd128>(units: S, capped: S) -> S {
    units.and(S::splat16(0x3F)).or(capped)
}

/// Encodes the eight lanes of `units` (code points below U+0800) at `out`, where
/// bit `i` of `two` says that lane `i` is not ASCII; returns the bytes written.
/// Writes 16 bytes.
///
/// # Safety
/// `out..out + 16` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode8_two<S: Simd128>(units: S, two: u32, out: *mut u8) -> usize {
    let ascii = below(units, 0x80);
    // `[0xC0 | c >> 6, 0x80 | c & 0x3F]`: in `c << 2` the top five bits are the
    // high byte and the low six the top of the low byte; they change places.
    let two_bytes = units.shl16::<2>().merge_bytes6().or(S::splat16(0x80C0));
    let pairs = select(ascii, units, two_bytes);
    // SAFETY: the caller's promise.
    pairs
        .shuffle(S::load(SHUFFLES[0][two as usize].as_ptr()))
        .store(out);
    8 + two.count_ones() as usize
}

/// Encodes the 16 lanes of `units` at `out`; returns the bytes written. Writes up
/// to 64 bytes. `short` says that every lane is below U+0800 (the caller's test,
/// made with its test for surrogates); `mixed` that the caller has found a lane
/// that is not ASCII (no test for all ASCII then: it would never pass).
///
/// Text of one alphabet (Greek, Cyrillic, Hebrew, Arabic, ...) mixes two-byte
/// characters with ASCII spaces and punctuation: when every lane is below
/// U+0800, the lanes clamped to bytes say which are ASCII (a byte below 0x80)
/// in one narrowing, for all 16 lanes, and are the output when all are.
///
/// # Safety
/// `out..out + 64` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode16<S: Simd128>(units: [S; 2], short: bool, mixed: bool, out: *mut u8) -> usize {
    let [a, b] = units;
    // SAFETY (stores): the caller's promise.
    if !short {
        let n = encode8(a, out);
        return n + encode8(b, out.add(n));
    }
    let bytes = a.narrow_clamped(b);
    let two = bytes.movemask();
    if !mixed && two == 0 {
        bytes.store(out);
        return 16;
    }
    // Both halves by the two-byte shuffle, an ASCII half included: in text
    // with few non-ASCII characters (French, German) which half has one is
    // a coin toss, and a branch on it mispredicted.
    let n = encode8_two(a, two & 0xFF, out);
    n + encode8_two(b, two >> 8, out.add(n))
}

/// [`encode16`] of 16 lanes of which one at least is U+0800 or above, for the
/// step right after an ASCII run: a half that is all ASCII is narrowed (eight
/// bytes), the other goes by [`encode8`].
///
/// In CJK text with ASCII markup (Wikipedia), the run most often ends in the
/// middle of such a step, or a short CJK word ends in its first half: half of
/// Chinese Wikipedia's non-ASCII steps have an ASCII half, which `encode8`
/// took at the cost of three-byte lanes. SSE4.2, Zen 5, in rounds against
/// simdutf westmere: Chinese Wikipedia 0.97x -> 1.05x, Japanese 0.99x ->
/// 1.06x, Korean 1.03x -> 1.11x, Vietnamese 1.03x -> 1.09x. Only here: the
/// steps that follow a three-byte step (the CJK loop of [`convert`]) rarely
/// have one, and the test there cost all-CJK text 4% (Chinese and Japanese
/// Lipsum), as it did AVX2's and UTF-32's steps.
///
/// # Safety
/// `out..out + 64` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn encode16_three<S: Simd128>([a, b]: [S; 2], out: *mut u8) -> usize {
    // SAFETY (stores): the caller's promise; `encode8` writes up to 32 bytes
    // and keeps up to 24 (eight lanes of three), a narrowed half writes 16 and
    // keeps 8: the second half's writes end within 24 + 32 bytes.
    let n = narrow_or_encode8(a, out);
    n + narrow_or_encode8(b, out.add(n))
}

/// Eight lanes at `out`: narrowed when all are ASCII (16 bytes written, 8
/// kept), else by [`encode8`]; the bytes kept.
///
/// # Safety
/// `out..out + 32` is writable; the CPU supports `S`.
#[inline(always)]
unsafe fn narrow_or_encode8<S: Simd128>(half: S, out: *mut u8) -> usize {
    if ascii_lanes(half) {
        half.narrow(half).store(out);
        8
    } else {
        encode8(half, out)
    }
}

/// Whether every `u16` lane of `units` is ASCII.
#[inline(always)]
unsafe fn ascii_lanes<S: Simd128>(units: S) -> bool {
    !units.and(S::splat16(0xFF80)).any_nonzero()
}

/// What [`Source::ascii16`] loaded of 16 units that are not all ASCII: the
/// units as two vectors of `u16` lanes and their lanes' maximum (Latin-1: the
/// bytes, three times).
pub(crate) type Loaded<S> = ([S; 2], S);

/// An input format, as vectors of `u16` lanes and character by character.
pub(crate) trait Source {
    /// The input code unit.
    type Unit: Copy + Default;

    /// The 16 units at `ptr` as two vectors of `u16` lanes in the machine's order,
    /// and whether every one is below U+0800 (as [`encode16`] takes them), or
    /// `None` when one of them is not a character up to U+FFFF on its own.
    ///
    /// # Safety
    /// `ptr..ptr + 16` is readable; the CPU supports `S`.
    unsafe fn load<S: Simd128>(ptr: *const Self::Unit) -> Option<([S; 2], bool)>;

    /// The character at the start of `src` and its length in units, or `None`
    /// when it is invalid (or incomplete).
    fn decode(src: &[Self::Unit]) -> Option<(u32, usize)>;

    /// Converts the 16 units at `ptr` to `out` when every one is a character
    /// up to U+FFFF on its own ([`encode16`] of [`Source::load`]): the bytes
    /// written; otherwise `None`, having written nothing that counts. `mixed`:
    /// the caller has found a unit that is not ASCII among them.
    ///
    /// # Safety
    /// `ptr..ptr + 16` is readable, `out..out + 64` writable; the CPU supports
    /// `S`.
    #[inline(always)]
    unsafe fn step16<S: Simd128>(
        ptr: *const Self::Unit,
        mixed: bool,
        out: *mut u8,
    ) -> Option<usize> {
        // SAFETY: the caller's promises.
        let (units, short) = Self::load::<S>(ptr)?;
        Some(encode16(units, short, mixed, out))
    }

    /// [`Source::step16`] for 16 units of which one at least is U+0800 or
    /// above (CJK text): `None`, having written nothing that counts, when
    /// every one is below U+0800 or when [`Source::load`] declines them.
    ///
    /// # Safety
    /// As [`Source::step16`].
    #[inline(always)]
    unsafe fn step16_wide<S: Simd128>(ptr: *const Self::Unit, out: *mut u8) -> Option<usize> {
        // SAFETY: the caller's promises.
        match Self::load::<S>(ptr)? {
            (_, true) => None,
            (units, false) => Some(encode16(units, false, true, out)),
        }
    }

    /// For 16 units that [`Source::load`] declined: their vector conversion to
    /// `out` if this format has one for them (UTF-16: surrogate pairs), the
    /// units read (at least 15) and bytes written; otherwise `None`, having
    /// written nothing that counts.
    ///
    /// # Safety
    /// `ptr..ptr + 16` is readable, `out..out + 64` writable; the CPU supports
    /// `S`.
    #[inline(always)]
    unsafe fn pairs<S: Simd128>(ptr: *const Self::Unit, out: *mut u8) -> Option<(usize, usize)> {
        let _ = (ptr, out);
        None
    }

    /// Whether an ASCII run is tried even after a step that was not all
    /// ASCII: for Latin-1, whose accented letters sit between long ASCII
    /// stretches and whose steps widen every byte (slower on ASCII than a run).
    const RUNS_AFTER_MIXED: bool = false;

    /// Whether, with a kernel without wide steps whose byte vectors hold
    /// [`STEP`] units (SSE4.2, NEON), every step starts with an ASCII run
    /// ([`ascii_run_within`], its limit the step's own bounds), and the step
    /// proper takes the vector that ended it, known not all ASCII: one test a
    /// vector. Before, a step tested for ASCII itself and a run followed an
    /// ASCII step with limits of its own, so the vector that ended a run was
    /// tested twice. UTF-16 with SSE4.2, instructions a call: French
    /// Wikipedia 862,398 before, 742,248 now; Chinese 441,995 and 418,496;
    /// English 282,392 and 267,791; the all-Chinese Lipsum 145,692 and
    /// 141,066. Latin-1, French 579,306 and 462,415 (1.25 to 1.53 times
    /// simdutf westmere's speed on Zen 4). Not UTF-32: its test of four
    /// vectors and the step's own load share nothing (Russian 957,000 to
    /// 1,074,000 instructions).
    const ASCII_FIRST: bool = false;

    /// The most UTF-8 bytes a unit of the input writes, on average over any
    /// prefix of it (UTF-16: three; a surrogate pair writes four for two
    /// units): `written <= MAX_BYTES * read` throughout a conversion.
    const MAX_BYTES: usize = 4;

    /// When the `V::LANES` units at `ptr` are all ASCII, writes them as bytes at
    /// `out` and returns true; otherwise writes nothing.
    ///
    /// # Safety
    /// `ptr..ptr + V::LANES` is readable, `out..out + V::LANES` writable; the CPU
    /// supports `V`.
    #[inline(always)]
    unsafe fn ascii<V: ByteVector>(ptr: *const Self::Unit, out: *mut u8) -> bool {
        let _ = (ptr, out);
        false
    }

    /// [`Source::ascii`] for the 16 units at `ptr` with 128-bit vectors, and
    /// where they are not all ASCII, what the test loaded for
    /// [`Source::step16_loaded`]: the units as [`Source::load`] gives them and
    /// the maximum of their lanes (by default nothing of use: the step loads
    /// them again).
    ///
    /// # Safety
    /// `ptr..ptr + 16` is readable, `out..out + 16` writable; the CPU supports
    /// `S`.
    #[inline(always)]
    unsafe fn ascii16<S: Simd128>(ptr: *const Self::Unit, out: *mut u8) -> Result<(), Loaded<S>> {
        // SAFETY: the caller's promises.
        match Self::ascii::<S>(ptr, out) {
            true => Ok(()),
            false => Err(([S::splat(0); 2], S::splat(0))),
        }
    }

    /// [`Source::step16`] for the 16 units at `ptr` that are not all ASCII,
    /// from what [`Source::ascii16`] loaded of them.
    ///
    /// # Safety
    /// As [`Source::step16`]; `loaded` is [`Source::ascii16`]'s for `ptr`.
    #[inline(always)]
    unsafe fn step16_loaded<S: Simd128>(
        ptr: *const Self::Unit,
        loaded: Loaded<S>,
        out: *mut u8,
    ) -> Option<usize> {
        let _ = loaded;
        // SAFETY: the caller's promises.
        Self::step16::<S>(ptr, true, out)
    }

    /// Whether, with a kernel whose [`Wide::ASCII_RUNS_FROM_WIDE`], a wide step
    /// that was all ASCII hands the rest of the run to the ASCII loop. UTF-16
    /// only: UTF-32 on AVX2 lost 3-8% on French, Chinese and German text (four
    /// bytes a unit: the loop's loads, not its instructions, are what count).
    const RUNS_FROM_WIDE: bool = false;

    /// How many times `V::LANES` units [`Source::ascii_many`] takes (0: it is
    /// never called). Latin-1, and UTF-16 with 16-byte vectors: its loop of one
    /// test a vector ran a third slower on English when the code's placement
    /// split it across two 64-byte windows (Zen 3), a loop of four does not
    /// notice. Not UTF-32, whose loads are what count.
    const MANY: usize = 0;

    /// Input of at most this many units goes only by [`short_step`] where the
    /// kernel has exact short steps (AVX-512), 32 units a step, not through the
    /// vector loop and its set-up. UTF-16 only (64: two steps): non-ASCII
    /// strings of 40-64 units 10-20% faster (Zen 5); UTF-32 and Latin-1 ASCII
    /// strings of 64 units were 1.5-4 times slower than by one ASCII run.
    const SHORT_LOOP: usize = 0;

    /// [`Source::ascii`] for `MANY * V::LANES` units at once: one test for
    /// all, for the inside of long ASCII runs.
    ///
    /// # Safety
    /// `ptr..ptr + MANY * V::LANES` is readable, `out..out + MANY * V::LANES`
    /// writable; the CPU supports `V`.
    #[inline(always)]
    unsafe fn ascii_many<V: ByteVector>(ptr: *const Self::Unit, out: *mut u8) -> bool {
        let _ = (ptr, out);
        false
    }

    /// The [`Wide`] conversion of up to `W::UNITS` units at `ptr` to `out`, if `W`
    /// has one and it succeeds: the units read and bytes written.
    ///
    /// # Safety
    /// `ptr..ptr + W::UNITS` is readable, `out..out + W::ROOM` writable; the CPU
    /// supports `W`.
    unsafe fn wide<W: Wide>(ptr: *const Self::Unit, out: *mut u8) -> Option<(usize, usize)>;

    /// The [`Wide`] conversion of `len` (at most 32) units at `ptr` to exactly
    /// the bytes needed at `out`, which has `room`: see
    /// [`Wide::utf16_to_utf8_short`].
    ///
    /// # Safety
    /// `ptr..ptr + len` is readable, `out..out + room` writable; the CPU supports
    /// `W`.
    #[inline(always)]
    unsafe fn short<W: Wide>(
        ptr: *const Self::Unit,
        len: usize,
        out: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        let _ = (ptr, len, out, room);
        None
    }
}

/// 0xFFFF in the lanes that hold a surrogate.
#[inline(always)]
unsafe fn surrogates<S: Simd128>(units: S) -> S {
    units.and(S::splat16(0xF800)).eq16(S::splat16(0xD800))
}

/// Whether a `u16` lane of `a` or `b` is a surrogate, looked for only when one
/// is at least 0xD800: most text has no such unit at all (CJK ideographs, kana
/// and Hangul syllables are below; fullwidth punctuation is above).
#[inline(always)]
unsafe fn any_surrogate<S: Simd128>(a: S, b: S) -> bool {
    a.max16(b).subs16(S::splat16(0xD7FF)).any_nonzero()
        && surrogates(a).or(surrogates(b)).any_nonzero()
}

/// The bits that are zero in an ASCII unit, as bytes of 16-bit lanes: little-endian
/// and big-endian.
static NOT_ASCII: [[u8; 16]; 2] = unit_mask16(0xFF80);

impl<const BIG: bool> Utf16<BIG> {
    const ORDER: ByteOrder = if BIG {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };

    /// [`Source::load`] of units already loaded, whose lanes' maximum is `max`.
    ///
    /// # Safety
    /// The CPU supports `S`.
    #[inline(always)]
    unsafe fn classify<S: Simd128>([a, b]: [S; 2], max: S) -> Option<([S; 2], bool)> {
        if !max.and(S::splat16(0xF800)).any_nonzero() {
            return Some(([a, b], true));
        }
        (!any_surrogate(a, b)).then_some(([a, b], false))
    }

    /// The 16 units at `ptr` as two vectors in the machine's order.
    ///
    /// # Safety
    /// `ptr..ptr + 16` is readable; the CPU supports `S`.
    #[inline(always)]
    unsafe fn units<S: Simd128>(ptr: *const u16) -> [S; 2] {
        // SAFETY: the caller's promise.
        let (a, b) = (S::load(ptr.cast()), S::load(ptr.add(8).cast()));
        if BIG {
            let swap = S::load(BYTE_SWAP.as_ptr());
            return [a.shuffle(swap), b.shuffle(swap)];
        }
        [a, b]
    }
}

impl<const BIG: bool> Source for Utf16<BIG> {
    const MAX_BYTES: usize = 3;
    type Unit = u16;
    const ASCII_FIRST: bool = true;
    const RUNS_FROM_WIDE: bool = true;
    const SHORT_LOOP: usize = 64;

    #[inline(always)]
    unsafe fn load<S: Simd128>(ptr: *const u16) -> Option<([S; 2], bool)> {
        // SAFETY: the caller's promise: 16 units.
        let [a, b] = Self::units::<S>(ptr);
        Self::classify([a, b], a.max16(b))
    }

    #[inline(always)]
    fn decode(src: &[u16]) -> Option<(u32, usize)> {
        portable::decode_utf16(src, Self::ORDER)
    }

    #[inline(always)]
    unsafe fn pairs<S: Simd128>(ptr: *const u16, out: *mut u8) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises: 16 units at `ptr`, 64 bytes at `out`.
        let [a, b] = Self::units::<S>(ptr);
        encode16_pairs(a, b, out)
    }

    #[inline(always)]
    unsafe fn short<W: Wide>(
        ptr: *const u16,
        len: usize,
        out: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf16_to_utf8_short::<BIG>(ptr, len, out, room)
    }

    #[inline(always)]
    unsafe fn wide<W: Wide>(ptr: *const u16, out: *mut u8) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf16_to_utf8::<BIG>(ptr, out)
    }

    #[inline(always)]
    unsafe fn ascii<V: ByteVector>(ptr: *const u16, out: *mut u8) -> bool {
        // SAFETY: the caller's promises: LANES units (two vectors) at `ptr`.
        let (low, high) = (V::load(ptr.cast()), V::load(ptr.add(V::LANES / 2).cast()));
        if low
            .or(high)
            .and(V::table16(&NOT_ASCII[BIG as usize]))
            .any_nonzero()
        {
            return false;
        }
        low.narrow_u16::<BIG>(high, out);
        true
    }

    #[inline(always)]
    unsafe fn ascii16<S: Simd128>(ptr: *const u16, out: *mut u8) -> Result<(), Loaded<S>> {
        // SAFETY (all): the caller's promises: 16 units, 16 bytes.
        if BIG {
            // (Tested as they are; turned only where the step needs them.)
            if Self::ascii::<S>(ptr, out) {
                return Ok(());
            }
            let [a, b] = Self::units::<S>(ptr);
            return Err(([a, b], a.max16(b)));
        }
        let (a, b) = (S::load(ptr.cast()), S::load(ptr.add(8).cast()));
        // The maximum tests for ASCII here and for U+0800 in the step.
        let max = a.max16(b);
        if !ascii_lanes(max) {
            return Err(([a, b], max));
        }
        a.narrow(b).store(out);
        Ok(())
    }

    #[inline(always)]
    unsafe fn step16_loaded<S: Simd128>(
        _: *const u16,
        (units, max): Loaded<S>,
        out: *mut u8,
    ) -> Option<usize> {
        let (units, short) = Self::classify(units, max)?;
        // SAFETY: the caller's promise: 64 bytes at `out`.
        Some(match short {
            true => encode16(units, true, true, out),
            false => encode16_three(units, out),
        })
    }

    const MANY: usize = 4;

    #[inline(always)]
    unsafe fn ascii_many<V: ByteVector>(ptr: *const u16, out: *mut u8) -> bool {
        // Vectors of 16 bytes only: with AVX2's 32 (128 units a test) English
        // lost 10-15% against one vector a test; the wide kernels' own steps
        // take long runs. (`false` here is a constant: no test is left.)
        if V::LANES > 16 {
            return false;
        }
        // SAFETY: the caller's promises: 4 * LANES units (eight vectors).
        let half = V::LANES / 2;
        let v: [V; 8] = core::array::from_fn(|k| V::load(ptr.add(k * half).cast()));
        let all = or4([v[0], v[1], v[2], v[3]]).or(or4([v[4], v[5], v[6], v[7]]));
        if all.and(V::table16(&NOT_ASCII[BIG as usize])).any_nonzero() {
            return false;
        }
        for k in 0..4 {
            v[2 * k].narrow_u16::<BIG>(v[2 * k + 1], out.add(k * V::LANES));
        }
        true
    }
}

/// The bits that are zero in an ASCII `u32` value, as bytes.
static NOT_ASCII32: [u8; 16] = unit_mask32(0xFFFF_FF80);

impl Source for Utf32 {
    type Unit = u32;

    #[inline(always)]
    unsafe fn ascii<V: ByteVector>(ptr: *const u32, out: *mut u8) -> bool {
        // SAFETY: the caller's promises: LANES values (four vectors) at `ptr`.
        let quarter = V::LANES / 4;
        let v = [0, 1, 2, 3].map(|k| V::load(ptr.add(k * quarter).cast()));
        let all = or4(v);
        if all.and(V::table16(&NOT_ASCII32)).any_nonzero() {
            return false;
        }
        V::narrow_u32(v, out);
        true
    }

    #[inline(always)]
    unsafe fn load<S: Simd128>(ptr: *const u32) -> Option<([S; 2], bool)> {
        // SAFETY: the caller's promise: 16 units.
        let v = [0, 4, 8, 12].map(|k| S::load(ptr.add(k).cast()));
        let all = or4(v);
        let (a, b) = (v[0].narrow32(v[1]), v[2].narrow32(v[3]));
        if !all.and(S::splat32(0xFFFF_F800)).any_nonzero() {
            return Some(([a, b], true));
        }
        // Values above U+FFFF have a non-zero upper half.
        if all.and(S::splat32(0xFFFF_0000)).any_nonzero() {
            return None;
        }
        (!any_surrogate(a, b)).then_some(([a, b], false))
    }

    #[inline(always)]
    fn decode(src: &[u32]) -> Option<(u32, usize)> {
        portable::decode_utf32(src)
    }

    #[inline(always)]
    unsafe fn pairs<S: Simd128>(ptr: *const u32, out: *mut u8) -> Option<(usize, usize)> {
        // SAFETY: the caller's promise: 16 values.
        let v = [0, 4, 8, 12].map(|k| S::load(ptr.add(k).cast()));
        // Scalar values: none above U+10FFFF, none a surrogate.
        let max = S::splat32(0x10_FFFF);
        let above = v[0].max_u32(v[1]).max_u32(v[2].max_u32(v[3])).max_u32(max);
        let surrogate = |v: S| v.and(S::splat32(0xFFFF_F800)).eq32(S::splat32(0xD800));
        let surrogates = surrogate(v[0])
            .or(surrogate(v[1]))
            .or(surrogate(v[2]).or(surrogate(v[3])));
        if above.xor(max).or(surrogates).any_nonzero() {
            return None;
        }
        let mut n = 0;
        for values in v {
            // SAFETY: the caller's promise: 64 bytes at `out`, each store 16
            // bytes at most 48 in.
            n += encode4_values(values, out.add(n));
        }
        Some((STEP, n))
    }

    #[inline(always)]
    unsafe fn short<W: Wide>(
        ptr: *const u32,
        len: usize,
        out: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf32_to_utf8_short(ptr, len, out, room)
    }

    #[inline(always)]
    unsafe fn wide<W: Wide>(ptr: *const u32, out: *mut u8) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::utf32_to_utf8(ptr, out)
    }
}

impl Latin1 {
    /// [`Source::step16`] of the 16 bytes `bytes`: the bytes written.
    ///
    /// # Safety
    /// `out..out + 64` is writable; the CPU supports `S`.
    #[inline(always)]
    unsafe fn step_bytes<S: Simd128>(bytes: S, mixed: bool, out: *mut u8) -> usize {
        let two = bytes.movemask();
        if !mixed && two == 0 {
            bytes.store(out);
            return 16;
        }
        let high = bytes.lt_i8(S::splat(0));
        // From 0xC0: above 0xBF read as `i8` (ASCII too, which `high` leaves).
        let from_c0 = S::splat(0xBF).lt_i8(bytes);
        let lead = from_c0.and(S::splat(1)).or(S::splat(0xC2));
        let first = select(high, lead, bytes);
        let second = bytes.and(S::splat(0xBF));
        let halves = [first.zip_low(second), first.zip_high(second)];
        store_shuffled(halves, &SHUFFLES[0], two, 8, out)
    }
}

impl Source for Latin1 {
    type Unit = u8;
    const MAX_BYTES: usize = 2;
    const RUNS_AFTER_MIXED: bool = true;
    const ASCII_FIRST: bool = true;

    #[inline(always)]
    unsafe fn load<S: Simd128>(ptr: *const u8) -> Option<([S; 2], bool)> {
        // SAFETY: the caller's promise: 16 bytes.
        let bytes = S::load(ptr);
        let zero = S::splat(0);
        Some(([bytes.zip_low(zero), bytes.zip_high(zero)], true))
    }

    #[inline(always)]
    fn decode(src: &[u8]) -> Option<(u32, usize)> {
        src.first().map(|&b| (b as u32, 1))
    }

    /// The 16 bytes as `[first, second]` pairs straight from the bytes, with no
    /// `u16` lanes to build and test: an ASCII byte is its own first byte, any
    /// other has the lead `0xC0 | b >> 6` (0xC2 or 0xC3) and the continuation
    /// `b & 0xBF`.
    #[inline(always)]
    unsafe fn step16<S: Simd128>(ptr: *const u8, mixed: bool, out: *mut u8) -> Option<usize> {
        // SAFETY: the caller's promises: 16 bytes at `ptr`, 64 at `out`.
        Some(Self::step_bytes(S::load(ptr), mixed, out))
    }

    #[inline(always)]
    unsafe fn ascii16<S: Simd128>(ptr: *const u8, out: *mut u8) -> Result<(), Loaded<S>> {
        // SAFETY: the caller's promises: 16 bytes at `ptr` and at `out`.
        let bytes = S::load(ptr);
        if !bytes.is_ascii() {
            return Err(([bytes, bytes], bytes));
        }
        bytes.store(out);
        Ok(())
    }

    #[inline(always)]
    unsafe fn step16_loaded<S: Simd128>(
        _: *const u8,
        ([bytes, _], _): Loaded<S>,
        out: *mut u8,
    ) -> Option<usize> {
        // SAFETY: the caller's promise: 64 bytes at `out`.
        Some(Self::step_bytes(bytes, true, out))
    }

    #[inline(always)]
    unsafe fn short<W: Wide>(
        ptr: *const u8,
        len: usize,
        out: *mut u8,
        room: usize,
    ) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::latin1_to_utf8_short(ptr, len, out, room)
    }

    #[inline(always)]
    unsafe fn wide<W: Wide>(ptr: *const u8, out: *mut u8) -> Option<(usize, usize)> {
        // SAFETY: the caller's promises.
        W::latin1_to_utf8(ptr, out)
    }

    #[inline(always)]
    unsafe fn ascii<V: ByteVector>(ptr: *const u8, out: *mut u8) -> bool {
        // SAFETY: the caller's promises.
        let bytes = V::load(ptr);
        if !bytes.is_ascii() {
            return false;
        }
        bytes.write_to(out);
        true
    }

    const MANY: usize = 4;

    #[inline(always)]
    unsafe fn ascii_many<V: ByteVector>(ptr: *const u8, out: *mut u8) -> bool {
        // SAFETY: the caller's promises: 4 * LANES bytes.
        let v = [0, 1, 2, 3].map(|k| V::load(ptr.add(k * V::LANES)));
        if !or4(v).is_ascii() {
            return false;
        }
        for (k, v) in v.into_iter().enumerate() {
            v.write_to(out.add(k * V::LANES));
        }
        true
    }
}

/// Up to 32 units of `src` from `read` to UTF-8 in `dst` from `written`, by `V`'s
/// exact conversion ([`Source::short`]): the units read (at least one) and bytes
/// written, or `None` when it converts nothing.
///
/// # Safety
/// The CPU supports `V`; `read <= src.len()`, `written <= dst.len()`.
#[inline(always)]
unsafe fn short_step<V: Wide, I: Source>(
    src: &[I::Unit],
    read: usize,
    dst: &mut [u8],
    written: usize,
) -> Option<(usize, usize)> {
    let len = (src.len() - read).min(32);
    let room = dst.len() - written;
    // SAFETY: `len` units from `read` are in `src`; `room` bytes from `written`
    // are in `dst`.
    let out = dst.as_mut_ptr().add(written);
    match I::short::<V>(src.as_ptr().add(read), len, out, room) {
        Some((r, w)) if r > 0 => Some((r, w)),
        _ => None,
    }
}

/// Converts the ASCII run at the start of `src` to `dst`, `V::LANES` units at a
/// time (inside a long run, [`Source::MANY`] times that) while both have room:
/// the units converted (a multiple of `V::LANES`).
///
/// # Safety
/// The CPU supports `V`.
#[inline(always)]
unsafe fn ascii_run<V: ByteVector, I: Source>(src: &[I::Unit], dst: &mut [u8]) -> usize {
    // The last offset from which a vector fits in both.
    match src.len().min(dst.len()).checked_sub(V::LANES) {
        // SAFETY: a vector from any offset up to `last` is in both slices.
        Some(last) => match ascii_run_within::<V, I>(src.as_ptr(), dst.as_mut_ptr(), last) {
            Ok(run) | Err(run) => run,
        },
        None => 0,
    }
}

/// Converts the ASCII run at `from` to bytes at `to`, `V::LANES` units at a
/// time (inside a long run, [`Source::MANY`] times that), testing vectors at
/// offsets up to `limit`: the units converted, `Ok` where the vector there is
/// not all ASCII (at most `limit`), `Err` where that is more than `limit`. No
/// bounds of its own to compute: the caller's `limit` keeps a step in bounds.
/// (Which way the run ended is known where it ends: once inlined, the caller's
/// test of it is gone, and so are the first tests' limit tests where `limit`
/// allows them all: SSE4.2 UTF-16, French, about 12,000 instructions a call.)
///
/// # Safety
/// `from..from + limit + V::LANES` is readable, `to..to + limit + V::LANES`
/// writable; the CPU supports `V`.
#[inline(always)]
unsafe fn ascii_run_within<V: ByteVector, I: Source>(
    from: *const I::Unit,
    to: *mut u8,
    limit: usize,
) -> Result<usize, usize> {
    // SAFETY: the caller's promises.
    ascii_run_with::<V, I, Plain>(from, to, limit).map(|(run, ())| run)
}

/// A run's test of a vector's units (`V::LANES`): `Ok` when they are ASCII,
/// having written them, or what it leaves of them, which the run hands on.
/// (A trait, not a closure: a closure is a function of its own, compiled
/// without the kernel's target features, and where it is not inlined each
/// intrinsic in it is a call: AVX2 English UTF-16, 190,000 instructions a
/// call became 1,789,000.)
trait RunTest {
    /// What a failed test leaves.
    type Left;

    /// The test.
    ///
    /// # Safety
    /// As [`Source::ascii`].
    unsafe fn test<V: ByteVector, I: Source>(
        ptr: *const I::Unit,
        out: *mut u8,
    ) -> Result<(), Self::Left>;
}

/// [`Source::ascii`]: nothing left.
struct Plain;

impl RunTest for Plain {
    type Left = ();

    #[inline(always)]
    unsafe fn test<V: ByteVector, I: Source>(ptr: *const I::Unit, out: *mut u8) -> Result<(), ()> {
        // SAFETY: the caller's promises.
        match I::ascii::<V>(ptr, out) {
            true => Ok(()),
            false => Err(()),
        }
    }
}

/// [`Source::ascii16`] with 128-bit vectors `S`: the units loaded left.
struct Handing<S>(core::marker::PhantomData<S>);

impl<S: Simd128> RunTest for Handing<S> {
    type Left = Loaded<S>;

    #[inline(always)]
    unsafe fn test<V: ByteVector, I: Source>(
        ptr: *const I::Unit,
        out: *mut u8,
    ) -> Result<(), Loaded<S>> {
        // SAFETY: the caller's promises (`V` and `S` hold the same units).
        I::ascii16::<S>(ptr, out)
    }
}

/// [`ascii_run_within`] with the test `T`, whose leavings the run hands on
/// with its length.
///
/// # Safety
/// As [`ascii_run_within`]; `T` tests `V::LANES` units.
#[inline(always)]
unsafe fn ascii_run_with<V: ByteVector, I: Source, T: RunTest>(
    from: *const I::Unit,
    to: *mut u8,
    limit: usize,
) -> Result<(usize, T::Left), usize> {
    let mut done = 0;
    // SAFETY (all tests): each reads LANES (or MANY * LANES) units from an
    // offset whose last vector starts at most at `limit`: the caller's
    // promise.
    if I::MANY > 0 {
        // (The last of them reads from `(SINGLE_TESTS - 1) * V::LANES`. Only
        // with 16-byte vectors: AVX2's runs, whose `ascii_many` is a constant
        // `false`, took 4% more instructions on French text with both forms.)
        let unchecked = V::LANES == 16 && limit >= (SINGLE_TESTS - 1) * V::LANES;
        for _ in 0..SINGLE_TESTS {
            if let Err(left) = T::test::<V, I>(from.add(done), to.add(done)) {
                return Ok((done, left));
            }
            done += V::LANES;
            if !unchecked && done > limit {
                return Err(done);
            }
        }
        // The last offset from which MANY vectors stay within `limit`.
        if let Some(last_many) = limit.checked_sub((I::MANY - 1) * V::LANES) {
            while done <= last_many && I::ascii_many::<V>(from.add(done), to.add(done)) {
                done += I::MANY * V::LANES;
            }
        }
    }
    loop {
        if done > limit {
            return Err(done);
        }
        if let Err(left) = T::test::<V, I>(from.add(done), to.add(done)) {
            return Ok((done, left));
        }
        done += V::LANES;
    }
}

/// [`ascii_run`] from `read` in `src` and `written` in `dst`, both advanced by
/// its length.
///
/// # Safety
/// As [`ascii_run`]; `read <= src.len()` and `written <= dst.len()`.
#[inline(always)]
unsafe fn ascii_run_at<V: ByteVector, I: Source>(
    src: &[I::Unit],
    dst: &mut [u8],
    read: &mut usize,
    written: &mut usize,
) {
    // SAFETY: the caller's promises (`read` and `written` within the
    // slices: no bounds test on the way into the run).
    let run = unsafe {
        ascii_run::<V, I>(
            src.get_unchecked(*read..),
            dst.get_unchecked_mut(*written..),
        )
    };
    *read += run;
    *written += run;
}

/// Converts `src` to UTF-8 in `dst`: vector steps while 16 units remain and the
/// output has room for any of them; `tail` (the portable conversion) for the
/// rest. At the first invalid character `reference` converts the rest of the
/// input, so that the error is the reference's.
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
pub(crate) unsafe fn convert<V: Wide, S: Simd128, I: Source, E: Offset>(
    src: &[I::Unit],
    dst: &mut [u8],
    reference: impl Fn(&[I::Unit], &mut [u8]) -> Result<usize, E>,
    tail: impl Fn(&[I::Unit], &mut [u8]) -> Result<usize, E>,
) -> Result<usize, E> {
    if V::SHORT_STEPS && src.len() <= 32 {
        // Short input: one exact conversion, if it goes through.
        match short_step::<V, I>(src, 0, dst, 0) {
            Some((read, written)) if read == src.len() => return Ok(written),
            _ => {}
        }
    }
    let (mut read, mut written) = (0, 0);
    // Input of up to `I::SHORT_LOOP` units goes by the exact steps below where
    // the kernel has them.
    let exact_steps_only = V::SHORT_STEPS && src.len() <= I::SHORT_LOOP;
    // The last positions from which a step's STEP units and ROOM bytes fit:
    // one comparison each per step.
    if let (false, Some(last_read), Some(last_written)) = (
        exact_steps_only,
        src.len().checked_sub(STEP),
        dst.len().checked_sub(ROOM),
    ) {
        // With wide steps (AVX2, AVX-512), or for UTF-32: an ASCII run is
        // tried at the start, after a step that was all ASCII (or of
        // surrogate pairs and nearly all ASCII), and after one that went
        // character by character (and always for Latin-1), right where that
        // step ends: no flag carried to the next step. Text without long
        // ASCII runs (Chinese, Korean, Hindi, Cyrillic) then pays for no
        // failed run test a step. Without wide steps, UTF-16 and Latin-1
        // start every step with a run bounded by the step's own limits
        // ([`Source::ASCII_FIRST`]). (Every step reads and writes within
        // `src` and `dst`, so `read <= src.len()` and `written <= dst.len()`
        // wherever `ascii_run_at` is called: its safety condition.)
        let ascii_first = I::ASCII_FIRST && V::UNITS == 0 && V::LANES == STEP;
        // Up to here a run's limit needs no look at the output: from `read`
        // at most `stop`, `written + (stop - read) <= MAX_BYTES * read + stop
        // - read <= MAX_BYTES * stop <= last_written`.
        let stop = last_read.min(last_written / I::MAX_BYTES);
        if !ascii_first {
            ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
        }
        // Whether a wide step is tried: not right after a step of surrogate
        // pairs (emoji text), which the wide steps of some kernels (AVX2)
        // decline.
        let mut wide_next = true;
        loop {
            // What the run's last test loaded, for the step.
            let mut loaded = None;
            if ascii_first {
                // The ASCII run from here, within the bounds of a step: it
                // ends at a vector that is not all ASCII, which the step
                // below takes with no second test. The limit is `stop`'s,
                // one subtraction, and both bounds' only near the end.
                // (Slice lengths are at most `isize::MAX`: the casts keep
                // every value.)
                debug_assert!(written <= I::MAX_BYTES * read);
                let mut limit = stop as isize - read as isize;
                if limit < 0 {
                    limit = (last_read as isize - read as isize)
                        .min(last_written as isize - written as isize);
                    if limit < 0 {
                        break;
                    }
                }
                let limit = limit as usize;
                // SAFETY: the run tests vectors at offsets up to `limit`, and
                // a step's STEP units and ROOM bytes fit from `read + limit`
                // and `written + limit`.
                // (`S` holds STEP units as `V` does here.)
                let (run, left) = match ascii_run_with::<S, I, Handing<S>>(
                    src.as_ptr().add(read),
                    dst.as_mut_ptr().add(written),
                    limit,
                ) {
                    Ok((run, left)) => (run, Some(left)),
                    Err(run) => (run, None),
                };
                read += run;
                written += run;
                if left.is_none() {
                    // Past the limit: the next turn takes both bounds.
                    continue;
                }
                loaded = left;
            } else if read > last_read || written > last_written {
                break;
            }
            if V::UNITS > 0 && wide_next {
                // Wide steps while they succeed (ASCII included).
                let start = read;
                // In batches of steps that the input and the room both allow (a
                // step reads at most UNITS and writes at most ROOM), so that a
                // step tests one counter, not both lengths.
                'wide: loop {
                    let steps =
                        ((src.len() - read) / V::UNITS).min((dst.len() - written) / V::ROOM);
                    if steps == 0 {
                        break;
                    }
                    for _ in 0..steps {
                        // SAFETY: UNITS units from `read` are in `src`, ROOM
                        // bytes from `written` in `dst` (the batch's first step
                        // had `steps` times both, and each step used at most
                        // that).
                        let out = dst.as_mut_ptr().add(written);
                        let Some((r, w)) = I::wide::<V>(src.as_ptr().add(read), out) else {
                            break 'wide;
                        };
                        read += r;
                        written += w;
                        if V::ASCII_RUNS_FROM_WIDE && I::RUNS_FROM_WIDE && r == w {
                            // All ASCII: the rest of the run goes by the ASCII
                            // loop, a test and a store a vector. (Only from the
                            // second step of a run, with a flag carried from
                            // step to step, lost 6-9% on French and Portuguese
                            // text.)
                            ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
                            continue 'wide;
                        }
                    }
                }
                if read != start {
                    ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
                    continue;
                }
                // Fewer units or less room than a wide step needs: up to 32
                // units exactly, surrogate pairs included.
                if V::SHORT_STEPS {
                    if let Some((r, w)) = short_step::<V, I>(src, read, dst, written) {
                        (read, written) = (read + r, written + w);
                        ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
                        continue;
                    }
                }
            }
            // SAFETY: 16 units from `read` are in `src`, ROOM bytes from
            // `written` in `dst` (the loop's condition, or the test above).
            // (After an ASCII run, the units are known not all ASCII.)
            let (from, out) = (src.as_ptr().add(read), dst.as_mut_ptr().add(written));
            let step = match loaded {
                Some(loaded) => I::step16_loaded::<S>(from, loaded, out),
                None => I::step16::<S>(from, ascii_first, out),
            };
            match step {
                Some(n) => {
                    wide_next = true;
                    written += n;
                    read += STEP;
                    // All ASCII. (After a step with a non-ASCII character or
                    // two, a run test was a coin toss on French text: 8,000
                    // mispredicted branches a call, of 14,000, in cachegrind's
                    // model; the next step's own ASCII test is the same toss.)
                    if !ascii_first && (n == STEP || I::RUNS_AFTER_MIXED) {
                        ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
                    }
                    // More than two bytes a unit on average: CJK text, whose
                    // next 16 units are most often of three-byte characters
                    // too; those steps follow with no ASCII run before them
                    // (SSE4.2, instructions a conversion: Chinese-Lipsum
                    // 141,066 → 124,955, 1.25 times as fast; Thai 1,063,054
                    // → 1,021,262; Chinese Wikipedia, where ASCII
                    // interrupts, 418,283 → 419,304).
                    if ascii_first && n > 2 * STEP {
                        // (Up to `stop`, `read` alone keeps both in bounds.)
                        while read <= stop || (read <= last_read && written <= last_written) {
                            debug_assert!(written <= I::MAX_BYTES * read);
                            // SAFETY: as for `step16` (the loop's condition).
                            let (from, out) =
                                (src.as_ptr().add(read), dst.as_mut_ptr().add(written));
                            let Some(n) = I::step16_wide::<S>(from, out) else {
                                break;
                            };
                            written += n;
                            read += STEP;
                        }
                    }
                }
                None => {
                    // SAFETY: as for `step16`; ROOM bytes (at least 64) from
                    // `written`.
                    if let Some((r, w)) =
                        I::pairs::<S>(src.as_ptr().add(read), dst.as_mut_ptr().add(written))
                    {
                        wide_next = false;
                        read += r;
                        written += w;
                        if !ascii_first && w <= r + 2 {
                            ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
                        }
                        continue;
                    }
                    // Character by character to the end of the step (a
                    // surrogate pair may end one unit after it).
                    let end = read + STEP;
                    while read < end {
                        let Some((c, len)) = I::decode(&src[read..]) else {
                            break;
                        };
                        // ROOM leaves space for any character.
                        let Some(n) = portable::encode_utf8(c, &mut dst[written..]) else {
                            break;
                        };
                        written += n;
                        read += len;
                    }
                    if read < end {
                        return match reference(&src[read..], &mut dst[written..]) {
                            Ok(n) => Ok(written + n),
                            Err(e) => Err(e.offset(read, written)),
                        };
                    }
                    ascii_run_at::<V, I>(src, dst, &mut read, &mut written);
                }
            }
        }
    }
    if V::SHORT_STEPS {
        // The last units (or short input), at most 32 at a time, exactly.
        while read < src.len() {
            let Some((r, w)) = short_step::<V, I>(src, read, dst, written) else {
                break;
            };
            (read, written) = (read + r, written + w);
        }
    } else if let Some((r, w)) = padded_step::<S, I>(&src[read..], &mut dst[written..]) {
        // The last units (or short input): one step over them and zeros.
        (read, written) = (read + r, written + w);
    }
    if read == src.len() {
        return Ok(written);
    }
    match tail(&src[read..], &mut dst[written..]) {
        Ok(n) => Ok(written + n),
        Err(e) => Err(e.offset(read, written)),
    }
}

/// Copies `src` to `dst` (of the same length, at most 64) by two copies of a
/// fixed size that overlap (32, 16, 8, 4, 2 or 1 units): moves in registers,
/// where a copy of a length known only at run time is a call to `memcpy`.
#[inline(always)]
fn copy_short<T: Copy>(dst: &mut [T], src: &[T]) {
    /// The first and the last `K` units of `src` (at least `K` of them).
    #[inline(always)]
    fn copy<T: Copy, const K: usize>(dst: &mut [T], src: &[T]) {
        let len = src.len();
        dst[..K].copy_from_slice(&src[..K]);
        dst[len - K..len].copy_from_slice(&src[len - K..]);
    }
    let src = &src[..src.len().min(dst.len())];
    match src.len() {
        0 => {}
        32.. => copy::<T, 32>(dst, src),
        16.. => copy::<T, 16>(dst, src),
        8.. => copy::<T, 8>(dst, src),
        4.. => copy::<T, 4>(dst, src),
        2.. => copy::<T, 2>(dst, src),
        _ => copy::<T, 1>(dst, src),
    }
}

/// The fewest units [`padded_step`] takes.
const PADDED_FROM: usize = 8;

/// Converts `src` (8 to 15 units) to `dst` by one vector step over a copy of
/// its units followed by zeros, which the step writes as a byte each after
/// `src`'s: the units read and bytes written, or `None` (having written
/// nothing that counts) when neither step takes them or their bytes do not
/// fit. The step writes into `dst` where it has ROOM bytes, else into a
/// buffer copied from. For the kernels without exact short steps, whose last
/// units (and strings shorter than a step) went character by character: on
/// mixed text, with every character's width a coin toss, each cost a
/// mispredicted branch there (AVX2, Zen 5: strings of 24 to 64 bytes 2-3x
/// faster this way).
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
unsafe fn padded_step<S: Simd128, I: Source>(
    src: &[I::Unit],
    dst: &mut [u8],
) -> Option<(usize, usize)> {
    let len = src.len();
    // Fewer units go character by character faster than a step's set-up
    // (AVX2, Zen 5: UTF-32 and Latin-1 strings of 1 to 7 units).
    if !(PADDED_FROM..STEP).contains(&len) {
        return None;
    }
    let mut units = [I::Unit::default(); STEP];
    copy_short(&mut units[..len], src);
    let mut buffer = [0u8; ROOM];
    let direct = dst.len() >= ROOM;
    let out = if direct {
        dst.as_mut_ptr()
    } else {
        buffer.as_mut_ptr()
    };
    // SAFETY: `units` holds STEP units, `out` has ROOM bytes.
    let (read, written) = unsafe {
        match I::step16::<S>(units.as_ptr(), false, out) {
            // Every zero after `src` wrote one byte.
            Some(n) => (len, n - (STEP - len)),
            None => {
                let (r, w) = I::pairs::<S>(units.as_ptr(), out)?;
                // Up to `len` the units are `src`'s; past it, zeros of a byte each.
                (r.min(len), w - r.saturating_sub(len))
            }
        }
    };
    if !direct {
        copy_short(dst.get_mut(..written)?, &buffer[..written]);
    }
    Some((read, written))
}

/// UTF-16 to UTF-8.
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8<V: Wide, S: Simd128>(
    src: &[u16],
    dst: &mut [u8],
    order: ByteOrder,
) -> Result<usize, Utf16Error> {
    let reference = |s: &[u16], d: &mut [u8]| reference::utf16_to_utf8(s, d, order);
    // The last units (fewer than a step) character by character where the
    // output has room for the worst case, else (or at an unpaired surrogate)
    // by the portable conversion, for its exact error.
    let tail = |s: &[u16], d: &mut [u8]| match portable::utf16_to_utf8_with_room(s, d, order) {
        Some(n) => Ok(n),
        None => portable::utf16_to_utf8(s, d, order),
    };
    // SAFETY: the caller's promise.
    unsafe {
        match order {
            ByteOrder::Little => convert::<V, S, Utf16<false>, _>(src, dst, reference, tail),
            ByteOrder::Big => convert::<V, S, Utf16<true>, _>(src, dst, reference, tail),
        }
    }
}

/// UTF-32 to UTF-8.
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
pub(crate) unsafe fn utf32_to_utf8<V: Wide, S: Simd128>(
    src: &[u32],
    dst: &mut [u8],
) -> Result<usize, Utf32Error> {
    // SAFETY: the caller's promise.
    unsafe {
        convert::<V, S, Utf32, _>(src, dst, reference::utf32_to_utf8, portable::utf32_to_utf8)
    }
}

/// Latin-1 to UTF-8.
///
/// # Safety
/// The CPU supports `S`.
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf8<V: Wide, S: Simd128>(
    src: &[u8],
    dst: &mut [u8],
) -> Result<usize, OutputTooSmall> {
    if !V::SHORT_STEPS && (8..64).contains(&src.len()) && dst.len() >= 2 * src.len() {
        // SAFETY: the caller's promise; the lengths just checked.
        return Ok(unsafe { latin1_to_utf8_by_eight::<S>(src, dst) });
    }
    // SAFETY: the caller's promise.
    unsafe {
        let (read, written) = V::latin1_to_utf8_run(src, dst);
        convert::<V, S, Latin1, _>(
            &src[read..],
            &mut dst[written..],
            reference::latin1_to_utf8,
            portable::latin1_to_utf8,
        )
        .map(|n| written + n)
        .map_err(|e| e.offset(read, written))
    }
}

/// The eight Latin-1 bytes at `ptr` as `u16` lanes, and the mask of those
/// above 0x7F (a function, not a closure: closures around intrinsics may stop
/// being inlined).
///
/// # Safety
/// `ptr..ptr + 8` is readable; the CPU supports `S`.
#[inline(always)]
unsafe fn eight_latin1<S: Simd128>(ptr: *const u8) -> (S, u32) {
    // SAFETY: the caller's promise.
    let bytes = unsafe { S::load8(ptr) };
    // SAFETY: the CPU supports `S`.
    unsafe { (bytes.zip_low(S::splat(0)), bytes.movemask()) }
}

/// Latin-1 to UTF-8 eight bytes at a time, for kernels without masked stores
/// (SSE4.2, AVX2, NEON), whose main loop needs 80 bytes of room a step and
/// would leave a short string (a database value, a token) to the scalar loop.
/// The last bytes are a step over the last eight, overlapping the step before:
/// it rewrites the bytes that one wrote, the same way, from where they start.
///
/// With room for two bytes an input byte, every 16-byte store fits: a step at
/// `read` has written at most `2 * read`, so `2 * (len - read) >= 16` bytes
/// remain; the overlapping step starts `len + highs - 8 - its highs` or less
/// (`highs`: the bytes above 0x7F), and the highs before its eight bytes are
/// at most `len - 8`.
///
/// # Safety
/// `8 <= src.len()`, `dst.len() >= 2 * src.len()`; the CPU supports `S`.
#[inline(always)]
unsafe fn latin1_to_utf8_by_eight<S: Simd128>(src: &[u8], dst: &mut [u8]) -> usize {
    let len = src.len();
    let (mut read, mut written) = (0, 0);
    // SAFETY (loads and stores): eight bytes from `read <= len - 8`; 16 bytes
    // from `written`, as the doc says.
    unsafe {
        while len - read >= 8 {
            let (units, high) = eight_latin1::<S>(src.as_ptr().add(read));
            written += encode8_two(units, high, dst.as_mut_ptr().add(written));
            read += 8;
        }
        if read < len {
            let again = 8 - (len - read);
            let (units, high) = eight_latin1::<S>(src.as_ptr().add(len - 8));
            // The bytes the step before wrote for the `again` bytes read twice.
            let rewritten = again + (high & ((1 << again) - 1)).count_ones() as usize;
            let at = written - rewritten;
            written = at + encode8_two(units, high, dst.as_mut_ptr().add(at));
        }
    }
    written
}

#[cfg(test)]
mod tests {
    use super::{four_byte_shuffle, three_byte_shuffle, two_byte_shuffle};

    #[test]
    fn two_byte_shuffles_keep_second_bytes_where_marked() {
        let s = two_byte_shuffle(0b0000_0101);
        assert_eq!(&s[..10], &[0, 1, 2, 4, 5, 6, 8, 10, 12, 14]);
        assert!(s[10..].iter().all(|&b| b == 0x80));
        assert_eq!(two_byte_shuffle(0xFF), core::array::from_fn(|i| i as u8));
    }

    #[test]
    fn four_byte_shuffles_keep_each_lanes_bytes_first_to_last() {
        // Lanes of one, four, two and three bytes.
        let s = four_byte_shuffle(0b10_01_11_00);
        assert_eq!(&s[..10], &[0, 7, 6, 5, 4, 9, 8, 14, 13, 12]);
        assert!(s[10..].iter().all(|&b| b == 0x80));
    }

    #[test]
    fn three_byte_shuffles_keep_one_two_or_three_bytes() {
        // Lanes: ASCII, two bytes, three bytes, ASCII.
        let s = three_byte_shuffle(0b00_11_01_00);
        assert_eq!(&s[..7], &[2, 5, 6, 8, 9, 10, 14]);
        assert!(s[7..].iter().all(|&b| b == 0x80));
    }
}
