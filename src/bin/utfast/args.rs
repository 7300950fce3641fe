//! Command-line parsing, by hand: the command, its flags and its inputs. Usage
//! errors say what is wrong and where, and suggest the closest valid spelling.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;

/// What the command line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    /// `--help`, `-h`, `help`, or `--help` after a command.
    Help,
    /// `--version`, `-V`.
    Version,
    /// `validate [--quiet|--json] [FILE...]`.
    Validate(ValidateOptions),
    /// `bench [--quick] [FILE...]`.
    Bench(BenchOptions),
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
    /// Empty: measure generated text.
    pub inputs: Vec<Input>,
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
    HELP,
];
const COMMANDS: &[(&str, &[Flag])] = &[
    ("validate", VALIDATE_FLAGS),
    ("bench", BENCH_FLAGS),
    ("help", &[]),
];

/// Parses the arguments after the program name.
pub fn parse(mut args: impl Iterator<Item = OsString>) -> Result<Command, UsageError> {
    let Some(first) = args.next() else {
        return Err(UsageError(
            "no command given (try 'utfast validate FILE...' or 'utfast bench')".into(),
        ));
    };
    let first = first.to_string_lossy();
    match &*first {
        "validate" => {
            let parsed = parse_command("validate", VALIDATE_FLAGS, args)?;
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
            let parsed = parse_command("bench", BENCH_FLAGS, args)?;
            if parsed.has("--help") {
                return Ok(Command::Help);
            }
            Ok(Command::Bench(BenchOptions {
                quick: parsed.has("--quick"),
                inputs: parsed.inputs,
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

/// The flags and inputs after a command.
struct Parsed {
    flags: Vec<&'static str>,
    inputs: Vec<Input>,
}

impl Parsed {
    fn has(&self, long: &str) -> bool {
        self.flags.contains(&long)
    }
}

fn parse_command(
    command: &str,
    flags: &'static [Flag],
    args: impl Iterator<Item = OsString>,
) -> Result<Parsed, UsageError> {
    let mut parsed = Parsed {
        flags: Vec::new(),
        inputs: Vec::new(),
    };
    let mut options_ended = false;
    for arg in args {
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
            match find_flag(flags, &option) {
                Some(flag) => parsed.flags.push(flag.long),
                None => return Err(unknown_option(command, flags, &option)),
            }
            continue;
        }
        parsed.inputs.push(Input::File(arg.into()));
    }
    Ok(parsed)
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
    fn edit_distances() {
        assert_eq!(edit_distance("--jsn", "--json"), 1);
        assert_eq!(edit_distance("valdiate", "validate"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(did_you_mean("-x", ["-q"].into_iter()), None);
    }
}
