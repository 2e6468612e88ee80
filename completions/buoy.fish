# fish completion for buoy(1). The command and position names are BuoyCore's
# ControlCommand.names and .positions, the subcommands Invocation.Subcommand's,
# the config verbs ConfigCommand.Verb's and ItemVerb's (CompletionsTests holds this file to them).
set -l commands show hide toggle move tap double-tap long-press swipe-up swipe-down swipe-left swipe-right menu badge mode reload state subscribe quit click pointer
set -l places left right top bottom top-left top-right bottom-left bottom-right center default
set -l subcommands msg doctor config
set -l configverbs get set unset item path
set -l itemverbs add remove move
set -l top "not __fish_seen_subcommand_from $subcommands"
set -l msg "__fish_seen_subcommand_from msg; and not __fish_seen_subcommand_from $commands"

complete -c buoy -f
complete -c buoy -n "$top" -s c -l config -r -F -d "Read this config file"
complete -c buoy -n "$top" -l check -d "Validate the config and exit"
complete -c buoy -n "$top" -l replace -d "Stop the buoy already running on this display"
complete -c buoy -n "$top" -l print-default-config -d "Print an example config with every key"
complete -c buoy -n "$top" -s d -l debug -d "Log more: info, and debug when given twice"
complete -c buoy -n "$top" -s h -l help -d "Show the help"
complete -c buoy -n "$top" -s v -l version -d "Show the version"
complete -c buoy -n __fish_use_subcommand -a msg -d "Send a command to the running buoy"
complete -c buoy -n __fish_use_subcommand -a doctor -d "Say whether buoy can run here, and what stops it"
complete -c buoy -n __fish_use_subcommand -a config -d "Read or change the config file, keeping its comments"
set -l config "__fish_seen_subcommand_from config; and not __fish_seen_subcommand_from $configverbs"
complete -c buoy -n "$config" -a "$configverbs"
complete -c buoy -n "$config" -s c -l config -r -F -d "Edit this config file"
complete -c buoy -n "$config" -l button -x -d "The [[button]] to edit"
complete -c buoy -n "__fish_seen_subcommand_from config; and __fish_seen_subcommand_from set" -l toml -d "VALUE is a TOML literal"
complete -c buoy -n "__fish_seen_subcommand_from config; and __fish_prev_arg_in item" -a "$itemverbs"
complete -c buoy -n "__fish_seen_subcommand_from config; and __fish_seen_subcommand_from add" \
    -l label -l command -l action -l keys -l icon -l at -l submenu -x
complete -c buoy -n "__fish_seen_subcommand_from doctor" -s c -l config -r -F -d "Read this config file"
complete -c buoy -n "__fish_seen_subcommand_from doctor" -l json -d "The report as one JSON object"
complete -c buoy -n "$msg" -a "$commands"
complete -c buoy -n "$msg" -l button -x -d "The button to act on" \
    -a "(buoy msg state 2>/dev/null | string match -r -a -g '\"name\":\"([^\"]*)\"')"
complete -c buoy -n "__fish_seen_subcommand_from msg; and __fish_prev_arg_in move" -a "$places"
complete -c buoy -n "__fish_seen_subcommand_from msg; and __fish_prev_arg_in move" \
    -a "(buoy msg state 2>/dev/null | string match -r -a -g '\"output\":\"([^\"]*)\"')"
