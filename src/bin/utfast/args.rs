//! Command-line parsing, by hand: the command, its flags, their values and its
//! inputs. Usage errors say what is wrong and where, and suggest the closest
//! valid spelling.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

use crate::bench::Section;
use utfast::Encoding;

use crate::convert::{cli_name, label};

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// `--help`, `-h`, `help`, or `--help` after a command.
    Help,
    /// `--version`, `-V`.
    Version,
    /// `validate [--quiet|--json] [FILE...]`.
    Validate(ValidateOptions),
    /// `bench [--quick] [--only NAME[,NAME...]] [FILE...]`.
    Bench(BenchOptions),
    /// `convert --from ENC --to ENC [-o OUT] [--bom] [--quiet] [FILE]`.
    Convert(ConvertOptions),
    /// `detect [--json] [FILE...]`.
    Detect(DetectOptions),
    /// `repair [--backup] [--quiet] FILE...`.
    Repair(RepairOptions),
}

/// How `validate` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Report {
    /// A line per invalid input.
    Text,
    /// Nothing: the exit status only.
    Quiet,
    /// A JSON object per input, one per line.
    Json,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ValidateOptions {
    pub report: Report,
    /// Never empty: standard input when no file is named.
    pub inputs: Vec<Input>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct BenchOptions {
    pub quick: bool,
    /// The sections to measure, in no particular order; empty: all of them.
    pub only: Vec<Section>,
    /// Empty: measure generated text.
    pub inputs: Vec<Input>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ConvertOptions {
    pub from: Encoding,
    pub to: Encoding,
    /// `None`: standard output (also for `-o -`).
    pub output: Option<PathBuf>,
    /// Write a byte order mark (never for Latin-1).
    pub bom: bool,
    /// No report of invalid input.
    pub quiet: bool,
    /// What becomes of invalid input (`--errors`; strict by default).
    pub errors: utfast::ErrorMode,
    pub input: Input,
}

#[derive(Debug, PartialEq, Eq)]
pub struct DetectOptions {
    /// A JSON object per input instead of a line of text.
    pub json: bool,
    /// Never empty: standard input when no file is named.
    pub inputs: Vec<Input>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct RepairOptions {
    /// Keep the original of each repaired FILE as FILE.bak.
    pub backup: bool,
    /// No report of repaired files.
    pub quiet: bool,
    /// Never empty.
    pub files: Vec<PathBuf>,
}

/// A file named on the command line, or standard input (`-`).
#[derive(Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// The name used in messages: the path (lossy if it is not UTF-8) or `<stdin>`.
    pub fn name(&self) -> Cow<'_, str> {
        match self {
            Input::Stdin => Cow::Borrowed("<stdin>"),
            Input::File(path) => path.to_string_lossy(),
        }
    }

    /// Opens the input for reading.
    pub fn open(&self) -> io::Result<Box<dyn Read>> {
        Ok(match self {
            Input::Stdin => Box::new(io::stdin().lock()),
            Input::File(path) => Box::new(File::open(path)?),
        })
    }
}

/// A command line that cannot be run; `Display` gives the message without the
/// `utfast: ` prefix.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; see 'utfast --help'", self.0)
    }
}

/// A flag: its long spelling, which names it, and an optional short one.
struct Flag {
    long: &'static str,
    short: Option<&'static str>,
}

impl Flag {
    fn spellings(&self) -> String {
        match self.short {
            Some(short) => format!("{short}/{}", self.long),
            None => self.long.to_string(),
        }
    }
}

const HELP: Flag = Flag {
    long: "--help",
    short: Some("-h"),
};
const GLOBAL_FLAGS: &[Flag] = &[
    HELP,
    Flag {
        long: "--version",
        short: Some("-V"),
    },
];
const VALIDATE_FLAGS: &[Flag] = &[
    Flag {
        long: "--quiet",
        short: Some("-q"),
    },
    Flag {
        long: "--json",
        short: None,
    },
    HELP,
];
const BENCH_FLAGS: &[Flag] = &[
    Flag {
        long: "--quick",
        short: None,
    },
    Flag {
        long: "--only",
        short: None,
    },
    HELP,
];
/// The options of `bench` that take a value, and what the value is.
const BENCH_VALUED: &[(&str, &str)] = &[(
    "--only",
    "a section, e.g. utf8-to-utf16le, or a group: validate, transcode",
)];
const CONVERT_FLAGS: &[Flag] = &[
    Flag {
        long: "--from",
        short: Some("-f"),
    },
    Flag {
        long: "--to",
        short: Some("-t"),
    },
    Flag {
        long: "--output",
        short: Some("-o"),
    },
    Flag {
        long: "--bom",
        short: None,
    },
    Flag {
        long: "--errors",
        short: Some("-e"),
    },
    Flag {
        long: "--quiet",
        short: Some("-q"),
    },
    HELP,
];
const REPAIR_FLAGS: &[Flag] = &[
    Flag {
        long: "--backup",
        short: None,
    },
    Flag {
        long: "--quiet",
        short: Some("-q"),
    },
    HELP,
];
const DETECT_FLAGS: &[Flag] = &[
    Flag {
        long: "--json",
        short: None,
    },
    HELP,
];
/// The options of `convert` that take a value.
const CONVERT_VALUED: &[&str] = &["--from", "--to", "--output", "--errors"];
const COMMANDS: &[(&str, &[Flag])] = &[
    ("validate", VALIDATE_FLAGS),
    ("convert", CONVERT_FLAGS),
    ("bench", BENCH_FLAGS),
    ("detect", DETECT_FLAGS),
    ("repair", REPAIR_FLAGS),
    ("help", &[]),
];

/// Parses the arguments after the program name.
pub fn parse(mut args: impl Iterator<Item = OsString>) -> Result<Command, UsageError> {
    let Some(first) = args.next() else {
        return Err(UsageError(
            "no command given (try 'utfast validate FILE...', \
             'utfast convert --from ENC --to ENC FILE' or 'utfast bench')"
                .into(),
        ));
    };
    let first = first.to_string_lossy();
    match &*first {
        "validate" => {
            let parsed = parse_command("validate", VALIDATE_FLAGS, &[], args)?;
            let (quiet, json) = (parsed.has("--quiet"), parsed.has("--json"));
            if parsed.has("--help") {
                return Ok(Command::Help);
            }
            if quiet && json {
                return Err(UsageError(
                    "options '--quiet' and '--json' of 'validate' exclude each other (choose one)"
                        .into(),
                ));
            }
            let report = match (quiet, json) {
                (true, _) => Report::Quiet,
                (_, true) => Report::Json,
                _ => Report::Text,
            };
            let mut inputs = parsed.inputs;
            if inputs.is_empty() {
                inputs.push(Input::Stdin);
            }
            Ok(Command::Validate(ValidateOptions { report, inputs }))
        }
        "bench" => {
            let parsed = parse_command("bench", BENCH_FLAGS, BENCH_VALUED, args)?;
            if parsed.has("--help") {
                return Ok(Command::Help);
            }
            let mut only = Vec::new();
            for (_, value) in &parsed.values {
                for name in value.split(',') {
                    only.extend_from_slice(parse_section(name)?);
                }
            }
            Ok(Command::Bench(BenchOptions {
                quick: parsed.has("--quick"),
                only,
                inputs: parsed.inputs,
            }))
        }
        "convert" => parse_convert(args),
        "detect" => {
            let parsed = parse_command("detect", DETECT_FLAGS, &[], args)?;
            if parsed.has("--help") {
                return Ok(Command::Help);
            }
            let json = parsed.has("--json");
            let mut inputs = parsed.inputs;
            if inputs.is_empty() {
                inputs.push(Input::Stdin);
            }
            Ok(Command::Detect(DetectOptions { json, inputs }))
        }
        "repair" => {
            let parsed = parse_command("repair", REPAIR_FLAGS, &[], args)?;
            if parsed.has("--help") {
                return Ok(Command::Help);
            }
            let (backup, quiet) = (parsed.has("--backup"), parsed.has("--quiet"));
            let mut files = Vec::new();
            for input in parsed.inputs {
                match input {
                    Input::File(path) => files.push(path),
                    Input::Stdin => {
                        return Err(UsageError(
                            "'repair' rewrites files in place and cannot take standard input \
                             ('-'); to repair a stream, use 'utfast convert --from utf-8 \
                             --to utf-8 --errors replace'"
                                .into(),
                        ))
                    }
                }
            }
            if files.is_empty() {
                return Err(UsageError(
                    "'repair' needs at least one FILE, e.g. 'utfast repair notes.txt'".into(),
                ));
            }
            Ok(Command::Repair(RepairOptions {
                backup,
                quiet,
                files,
            }))
        }
        // `utfast help [COMMAND]`: one help text covers every command.
        "help" => Ok(Command::Help),
        option if option.starts_with('-') => match find_flag(GLOBAL_FLAGS, option) {
            Some(flag) if flag.long == "--help" => Ok(Command::Help),
            Some(_) => match args.next() {
                None => Ok(Command::Version),
                Some(extra) => Err(UsageError(format!(
                    "unexpected argument '{}' after '{option}'",
                    extra.to_string_lossy()
                ))),
            },
            None => Err(unknown_global_option(option)),
        },
        command => Err(unknown_command(command)),
    }
}

/// The flags, option values and inputs after a command.
struct Parsed {
    flags: Vec<&'static str>,
    /// Options with a value, in order: the option's long name and the value.
    values: Vec<(&'static str, String)>,
    inputs: Vec<Input>,
}

impl Parsed {
    fn has(&self, long: &str) -> bool {
        self.flags.contains(&long)
    }
}

/// The arguments of a command whose options are `flags`; those named in `valued`
/// (with a description of their value) take a value, as the next argument or
/// after `=` (`--only=validate`).
fn parse_command(
    command: &str,
    flags: &'static [Flag],
    valued: &[(&str, &str)],
    mut args: impl Iterator<Item = OsString>,
) -> Result<Parsed, UsageError> {
    let mut parsed = Parsed {
        flags: Vec::new(),
        values: Vec::new(),
        inputs: Vec::new(),
    };
    let mut options_ended = false;
    while let Some(arg) = args.next() {
        if arg == "-" {
            parsed.inputs.push(Input::Stdin);
            continue;
        }
        let looks_like_option = arg.as_encoded_bytes().first() == Some(&b'-');
        if !options_ended && looks_like_option {
            if arg == "--" {
                options_ended = true;
                continue;
            }
            let option = arg.to_string_lossy();
            let takes_value = |long: &str| valued.iter().find(|(name, _)| *name == long);
            let (name, attached) = match option.split_once('=') {
                Some((name, value)) if takes_value(name).is_some() => (name, Some(value)),
                _ => (&*option, None),
            };
            let Some(flag) = find_flag(flags, name) else {
                return Err(unknown_option(command, flags, &option));
            };
            let Some((_, what)) = takes_value(flag.long) else {
                parsed.flags.push(flag.long);
                continue;
            };
            let value = match attached {
                Some(value) => value.to_string(),
                None => match args.next() {
                    Some(value) if !value.to_string_lossy().starts_with('-') => {
                        value.to_string_lossy().into_owned()
                    }
                    _ => {
                        return Err(UsageError(format!(
                            "option '{}' of '{command}' needs a value ({what})",
                            flag.spellings()
                        )))
                    }
                },
            };
            parsed.values.push((flag.long, value));
            continue;
        }
        parsed.inputs.push(Input::File(arg.into()));
    }
    Ok(parsed)
}

/// The options and input of `convert`. Options with a value take it as the next
/// argument, after `=` (`--from=utf-8`) or attached to the short form (`-futf-8`).
fn parse_convert(mut args: impl Iterator<Item = OsString>) -> Result<Command, UsageError> {
    const COMMAND: &str = "convert";
    let (mut from, mut to, mut output, mut errors) = (None, None, None, None);
    let (mut bom, mut quiet, mut help) = (false, false, false);
    let mut inputs = Vec::new();
    let mut options_ended = false;
    while let Some(arg) = args.next() {
        if arg == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        if options_ended || arg.as_encoded_bytes().first() != Some(&b'-') {
            inputs.push(Input::File(arg.into()));
            continue;
        }
        if arg == "--" {
            options_ended = true;
            continue;
        }
        let option = arg.to_string_lossy().into_owned();
        let (name, attached) = match option.split_once('=') {
            Some((name, value)) if option.starts_with("--") => (name, Some(value)),
            _ => match (option.get(..2), option.get(2..)) {
                (Some(short @ ("-f" | "-t" | "-o" | "-e")), Some(value)) if !value.is_empty() => {
                    (short, Some(value))
                }
                _ => (option.as_str(), None),
            },
        };
        let Some(flag) = find_flag(CONVERT_FLAGS, name) else {
            return Err(unknown_option(COMMAND, CONVERT_FLAGS, &option));
        };
        if !CONVERT_VALUED.contains(&flag.long) {
            if attached.is_some() {
                return Err(UsageError(format!(
                    "option '{name}' of '{COMMAND}' takes no value (in '{option}')"
                )));
            }
            match flag.long {
                "--bom" => bom = true,
                "--quiet" => quiet = true,
                _ => help = true,
            }
            continue;
        }
        let value: OsString = match attached {
            // A path that is not UTF-8 survives only as an argument of its own.
            Some(_) if arg.to_str().is_none() && flag.long == "--output" => {
                return Err(UsageError(format!(
                    "write the path apart, as in '-o PATH', when it is not UTF-8 (in '{option}')"
                )))
            }
            Some(value) => value.into(),
            None => match args.next() {
                Some(value) if find_flag(CONVERT_FLAGS, &value.to_string_lossy()).is_none() => {
                    value
                }
                _ => return Err(missing_value(flag)),
            },
        };
        let slot = match flag.long {
            "--from" => &mut from,
            "--to" => &mut to,
            "--errors" => &mut errors,
            _ => &mut output,
        };
        if slot.is_some() {
            return Err(UsageError(format!(
                "option '{}' of '{COMMAND}' given twice (give it once)",
                flag.spellings()
            )));
        }
        *slot = Some(value);
    }
    if help {
        return Ok(Command::Help);
    }
    let (Some(from), Some(to)) = (from, to) else {
        return Err(UsageError(format!(
            "'{COMMAND}' needs both --from ENC and --to ENC, \
             e.g. 'utfast convert --from utf-16le --to utf-8 in.txt' (ENC: {})",
            encoding_names()
        )));
    };
    let from = parse_encoding("--from", &from.to_string_lossy())?;
    let to = parse_encoding("--to", &to.to_string_lossy())?;
    if bom && to.bom().is_none() {
        return Err(UsageError(format!(
            "option '--bom' cannot be used with '--to {}': {} has no byte order mark",
            cli_name(to),
            label(to)
        )));
    }
    let errors = match errors {
        None => utfast::ErrorMode::Strict,
        Some(value) => {
            let value = value.to_string_lossy();
            utfast::ErrorMode::from_name(&value).ok_or_else(|| {
                UsageError(format!(
                    "unknown mode '{value}' for '--errors' (one of {})",
                    error_mode_names()
                ))
            })?
        }
    };
    if inputs.len() > 1 {
        return Err(UsageError(format!(
            "'{COMMAND}' takes one input FILE, not {} (convert them one at a time)",
            inputs.len()
        )));
    }
    let output = output.filter(|path| path != "-").map(PathBuf::from);
    Ok(Command::Convert(ConvertOptions {
        from,
        to,
        output,
        bom,
        quiet,
        errors,
        input: inputs.pop().unwrap_or(Input::Stdin),
    }))
}

fn error_mode_names() -> String {
    let names: Vec<&str> = utfast::ErrorMode::ALL.iter().map(|m| m.name()).collect();
    names.join(", ")
}

fn missing_value(flag: &Flag) -> UsageError {
    let what = match flag.long {
        "--output" => "a file name, or '-' for standard output".to_string(),
        "--errors" => format!("a mode: {}", error_mode_names()),
        _ => format!("an encoding: {}", encoding_names()),
    };
    UsageError(format!(
        "option '{}' of 'convert' needs a value ({what})",
        flag.spellings()
    ))
}

/// The sections of `bench` that `name` (given to `--only`) stands for.
fn parse_section(name: &str) -> Result<&'static [Section], UsageError> {
    Section::named(name).ok_or_else(|| {
        let names = Section::names().collect::<Vec<_>>().join(", ");
        let hint = match did_you_mean(&name.to_ascii_lowercase(), Section::names()) {
            Some(suggestion) => format!("did you mean '{suggestion}'?"),
            None => format!("one of {names}"),
        };
        UsageError(format!(
            "unknown section '{name}' for '--only' of 'bench' ({hint})"
        ))
    })
}

fn encoding_names() -> String {
    Encoding::ALL.map(cli_name).join(", ")
}

/// The encoding `value` names, given to `option`.
fn parse_encoding(option: &str, value: &str) -> Result<Encoding, UsageError> {
    if let Some(encoding) = Encoding::from_name(value) {
        return Ok(encoding);
    }
    let bare: String = value
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let hint = match bare.as_str() {
        "utf16" | "ucs2" => {
            "say which byte order: utf-16le or utf-16be (a file starting with ff fe is \
             utf-16le, with fe ff utf-16be)"
                .to_string()
        }
        "utf32" | "ucs4" => {
            "say which byte order: utf-32le or utf-32be (a file starting with ff fe 00 00 \
             is utf-32le, with 00 00 fe ff utf-32be)"
                .to_string()
        }
        "ascii" | "usascii" => "ASCII is a subset of utf-8 and of latin1: use either".to_string(),
        _ => match did_you_mean(
            &value.to_ascii_lowercase(),
            Encoding::ALL.into_iter().map(cli_name),
        ) {
            Some(suggestion) => format!("did you mean '{suggestion}'?"),
            None => format!("encodings: {}", encoding_names()),
        },
    };
    Err(UsageError(format!(
        "unknown encoding '{value}' for '{option}' ({hint})"
    )))
}

fn find_flag<'a>(flags: &'a [Flag], option: &str) -> Option<&'a Flag> {
    flags
        .iter()
        .find(|flag| flag.long == option || flag.short == Some(option))
}

fn unknown_option(command: &str, flags: &[Flag], option: &str) -> UsageError {
    if let Some((name, _)) = option.split_once('=') {
        if find_flag(flags, name).is_some() {
            return UsageError(format!(
                "option '{name}' of '{command}' takes no value (in '{option}')"
            ));
        }
    }
    let hint = match did_you_mean(option, flags.iter().map(|flag| flag.long)) {
        Some(suggestion) => format!("did you mean '{suggestion}'?"),
        None => format!("its options: {}", list_flags(flags)),
    };
    UsageError(format!(
        "unknown option '{option}' for '{command}' ({hint})"
    ))
}

fn unknown_global_option(option: &str) -> UsageError {
    let owner = COMMANDS
        .iter()
        .find(|(_, flags)| find_flag(flags, option).is_some());
    let hint = if let Some((command, _)) = owner {
        format!("it is an option of '{command}': write 'utfast {command} {option} ...'")
    } else if let Some(suggestion) = did_you_mean(option, GLOBAL_FLAGS.iter().map(|f| f.long)) {
        format!("did you mean '{suggestion}'?")
    } else {
        format!("options before a command: {}", list_flags(GLOBAL_FLAGS))
    };
    UsageError(format!("unknown option '{option}' ({hint})"))
}

fn unknown_command(command: &str) -> UsageError {
    let hint = match did_you_mean(command, COMMANDS.iter().map(|(name, _)| *name)) {
        Some(suggestion) => format!("did you mean '{suggestion}'?"),
        None => format!(
            "commands: {}; to check a file, write 'utfast validate {command}'",
            COMMANDS
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    UsageError(format!("unknown command '{command}' ({hint})"))
}

fn list_flags(flags: &[Flag]) -> String {
    flags
        .iter()
        .map(Flag::spellings)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The candidate closest to `given`, if it is close enough to be a likely typo:
/// `given` is a prefix of it (3 characters at least), or the edit distance is at
/// most a third of its length.
fn did_you_mean(
    given: &str,
    candidates: impl Iterator<Item = &'static str>,
) -> Option<&'static str> {
    candidates
        .filter_map(|candidate| {
            let distance = if given.len() >= 3 && candidate.starts_with(given) {
                0
            } else {
                edit_distance(given, candidate)
            };
            (distance <= candidate.chars().count() / 3).then_some((distance, candidate))
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_strs(args: &[&str]) -> Result<Command, UsageError> {
        parse(args.iter().map(OsString::from))
    }

    fn error(args: &[&str]) -> String {
        parse_strs(args).unwrap_err().to_string()
    }

    #[test]
    fn parses_commands_flags_and_inputs() {
        assert_eq!(
            parse_strs(&["validate"]),
            Ok(Command::Validate(ValidateOptions {
                report: Report::Text,
                inputs: vec![Input::Stdin],
            }))
        );
        assert_eq!(
            parse_strs(&["validate", "-q", "a", "-", "--", "-b"]),
            Ok(Command::Validate(ValidateOptions {
                report: Report::Quiet,
                inputs: vec![
                    Input::File("a".into()),
                    Input::Stdin,
                    Input::File("-b".into())
                ],
            }))
        );
        assert_eq!(
            parse_strs(&["bench", "--quick"]),
            Ok(Command::Bench(BenchOptions {
                quick: true,
                only: vec![],
                inputs: vec![],
            }))
        );
        for help in [&["--help"][..], &["-h"], &["help"], &["validate", "--help"]] {
            assert_eq!(parse_strs(help), Ok(Command::Help));
        }
        assert_eq!(parse_strs(&["-V"]), Ok(Command::Version));
    }

    #[test]
    fn explains_usage_errors() {
        assert_eq!(
            error(&["validate", "--jsn"]),
            "unknown option '--jsn' for 'validate' (did you mean '--json'?); see 'utfast --help'"
        );
        assert!(error(&["validate", "-x"]).contains("its options: -q/--quiet, --json, -h/--help"));
        assert!(error(&["validate", "--json=yes"]).contains("takes no value"));
        assert!(error(&["validate", "-q", "--json"]).contains("exclude each other"));
        assert!(error(&["valdiate"]).contains("did you mean 'validate'?"));
        assert!(error(&["a.txt"]).contains("'utfast validate a.txt'"));
        assert!(error(&["--json"]).contains("option of 'validate'"));
        assert!(error(&["--vers"]).contains("did you mean '--version'?"));
        assert!(error(&["--version", "x"]).contains("unexpected argument 'x'"));
        assert!(error(&[]).contains("no command given"));
    }

    #[test]
    fn parses_bench_sections() {
        let Ok(Command::Bench(options)) = parse_strs(&[
            "bench",
            "--only",
            "utf8-to-utf16le,validate",
            "a.txt",
            "--only=UTF32-to-UTF8",
        ]) else {
            panic!("not parsed");
        };
        assert_eq!(
            options.only,
            [
                Section::Utf8ToUtf16le,
                Section::ValidateUtf8,
                Section::ValidateUtf16le,
                Section::Utf32ToUtf8
            ]
        );
        assert_eq!(options.inputs, [Input::File("a.txt".into())]);
        assert!(!options.quick);
        for (args, message) in [
            (
                &["bench", "--only"][..],
                "option '--only' of 'bench' needs a value (a section, e.g. utf8-to-utf16le",
            ),
            (&["bench", "--only", "--quick"], "needs a value"),
            (
                &["bench", "--only", "utf8-to-utf16"],
                "unknown section 'utf8-to-utf16' for '--only' of 'bench' (did you mean 'utf8-to-utf16le'?)",
            ),
            (
                &["bench", "--only", "validate,"],
                "unknown section '' for '--only' of 'bench' (one of validate, transcode, validate-utf8,",
            ),
            (&["bench", "--quick=yes"], "option '--quick' of 'bench' takes no value"),
            (&["bench", "--onyl", "validate"], "did you mean '--only'?"),
        ] {
            let error = error(args);
            assert!(error.contains(message), "{args:?}: {error}");
        }
    }

    #[test]
    fn parses_convert() {
        let expected = || ConvertOptions {
            from: Encoding::Utf16Le,
            to: Encoding::Utf8,
            output: Some("out.txt".into()),
            bom: true,
            quiet: false,
            errors: utfast::ErrorMode::Strict,
            input: Input::File("in.txt".into()),
        };
        for args in [
            &[
                "convert", "--from", "utf-16le", "--to", "utf-8", "-o", "out.txt", "--bom",
                "in.txt",
            ][..],
            &[
                "convert",
                "in.txt",
                "--bom",
                "--from=UTF16LE",
                "--to=Utf8",
                "--output=out.txt",
            ],
            &[
                "convert",
                "-futf-16le",
                "-tutf8",
                "-oout.txt",
                "--bom",
                "--",
                "in.txt",
            ],
            &[
                "convert", "-f", "utf-16le", "-t", "UTF-8", "--output", "out.txt", "--bom",
                "in.txt",
            ],
        ] {
            assert_eq!(
                parse_strs(args),
                Ok(Command::Convert(expected())),
                "{args:?}"
            );
        }
        let Ok(Command::Convert(options)) = parse_strs(&[
            "convert",
            "-f",
            "latin1",
            "-t",
            "iso-8859-1",
            "-q",
            "-o",
            "-",
            "-",
        ]) else {
            panic!("not parsed");
        };
        assert_eq!(
            (options.output, options.input, options.quiet),
            (None, Input::Stdin, true)
        );
        assert_eq!(parse_strs(&["convert", "--help"]), Ok(Command::Help));
    }

    #[test]
    fn explains_convert_usage_errors() {
        for (args, message) in [
            (&["convert", "in.txt"][..], "needs both --from ENC and --to ENC"),
            (&["convert", "-f", "utf-8", "in.txt"], "needs both"),
            (&["convert", "-f", "utf-8", "-t"], "option '-t/--to' of 'convert' needs a value (an encoding: utf-8, utf-16le"),
            (&["convert", "-f", "-t", "utf-8"], "option '-f/--from' of 'convert' needs a value"),
            (&["convert", "-f", "utf-8", "-t", "latin1", "-o"], "needs a value (a file name"),
            (&["convert", "-f", "utf-16", "-t", "utf-8"], "unknown encoding 'utf-16' for '--from' (say which byte order: utf-16le or utf-16be"),
            (&["convert", "-f", "utf-8", "-t", "latn1"], "unknown encoding 'latn1' for '--to' (did you mean 'latin1'?)"),
            (&["convert", "-f", "utf-8", "-t", "koi8-r"], "(encodings: utf-8, utf-16le, utf-16be, utf-32le, utf-32be, latin1, windows-1252, cesu-8, mutf-8, wtf-8)"),
            (&["convert", "-f", "utf-8", "-t", "latin1", "--bom"], "'--bom' cannot be used with '--to latin1'"),
            (&["convert", "-f", "utf-8", "-t", "utf8", "a", "b"], "takes one input FILE, not 2"),
            (&["convert", "-f", "utf-8", "-f", "utf8"], "given twice"),
            (&["convert", "--form", "utf-8"], "unknown option '--form' for 'convert' (did you mean '--from'?)"),
            (&["convert", "--bom=yes"], "option '--bom' of 'convert' takes no value"),
            (&["--from"], "it is an option of 'convert'"),
        ] {
            let error = error(args);
            assert!(error.contains(message), "{args:?}: {error}");
        }
    }

    #[test]
    fn parses_detect() {
        assert_eq!(
            parse_strs(&["detect"]),
            Ok(Command::Detect(DetectOptions {
                json: false,
                inputs: vec![Input::Stdin],
            }))
        );
        assert_eq!(
            parse_strs(&["detect", "a", "--json", "-"]),
            Ok(Command::Detect(DetectOptions {
                json: true,
                inputs: vec![Input::File("a".into()), Input::Stdin],
            }))
        );
        assert_eq!(parse_strs(&["detect", "--help"]), Ok(Command::Help));
        assert!(error(&["detect", "--jsno"]).contains("did you mean '--json'?"));
        assert!(error(&["detect", "-q"]).contains("its options: --json, -h/--help"));
        assert!(error(&["detcet"]).contains("did you mean 'detect'?"));
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("--jsn", "--json"), 1);
        assert_eq!(edit_distance("valdiate", "validate"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(did_you_mean("-x", ["-q"].into_iter()), None);
    }
}
