# fish completion for buoy(1). The command and position names are BuoyCore's
# ControlCommand.names and .positions, the subcommands Invocation.Subcommand's,
# the config verbs ConfigCommand.Verb's and ItemVerb's, the keys
# ConfigCommand.completedKeys, the actions BuiltInAction.all's and the click
# types', the key names BuiltInKeys.all's, and each description its owner's
# (CompletionsTests holds this file to them).
set -l commands show hide toggle move tap double-tap long-press swipe-up swipe-down swipe-left swipe-right menu badge mode reload state subscribe quit click pointer
set -l places left right top bottom top-left top-right bottom-left bottom-right center default
set -l subcommands msg doctor config
set -l configverbs get set unset item path
set -l itemverbs add remove move
set -l modes laptop tablet
set -l keys button.name button.size button.position button.margin button.color button.glyph_color button.badge_color button.badge_text_color button.badge_fades button.icon button.label button.accessible_name button.shape button.corner_radius button.draggable button.removable button.opacity button.idle_opacity button.idle_delay button.fade button.dwell button.tuck button.feedback button.output snap.to snap.duration gestures.drag_threshold gestures.double_tap_window gestures.long_press_delay gestures.touch_drag_threshold gestures.touch_double_tap_window gestures.click_timeout actions.tap actions.double_tap actions.long_press actions.swipe_up actions.swipe_down actions.swipe_left actions.swipe_right actions.max_running menu.item_size menu.icon_theme menu.open_duration menu.close_duration menu.dim menu.spacing menu.row_height menu.dwell menu.font menu.layout menu.background menu.label_color menu.label_background menu.focus_color menu.edit visibility.fullscreen visibility.hide_for visibility.show_for visibility.mode pointer.width pointer.height pointer.place pointer.speed
set -l top "not __fish_seen_subcommand_from $subcommands"
set -l msg "__fish_seen_subcommand_from msg; and not __fish_seen_subcommand_from $commands"
set -l config "__fish_seen_subcommand_from config; and not __fish_seen_subcommand_from $configverbs"

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

# The built-in actions and key names, each with its label, for --action and --keys.
function __buoy_actions
    echo volume-up\t"Volume up"
    echo volume-down\t"Volume down"
    echo mute\t"Mute"
    echo brightness-up\t"Brightness up"
    echo brightness-down\t"Brightness down"
    echo screenshot\t"Screenshot"
    echo screenshot-region\t"Screenshot region"
    echo keyboard\t"Keyboard"
    echo rotate\t"Rotate"
    echo lock\t"Lock"
    echo terminal\t"Terminal"
    echo launcher\t"Apps"
    echo notifications\t"Notifications"
    echo close-window\t"Close window"
    echo fullscreen\t"Fullscreen"
    echo workspace-next\t"Next workspace"
    echo workspace-prev\t"Previous workspace"
    echo right-click\t"Right click"
    echo middle-click\t"Middle click"
    echo double-click\t"Double click"
    echo drag\t"Drag"
    echo scroll\t"Scroll"
end
function __buoy_key_names
    echo back\t"Back"
    echo copy\t"Copy"
    echo paste\t"Paste"
    echo cut\t"Cut"
    echo undo\t"Undo"
    echo redo\t"Redo"
    echo escape\t"Escape"
    echo tab-next\t"Next tab"
    echo overview\t"Overview"
end

# buoy msg
complete -c buoy -n "$msg" -a show -d "show the button"
complete -c buoy -n "$msg" -a hide -d "hide the button"
complete -c buoy -n "$msg" -a toggle -d "hide the button if it shows, else show it"
complete -c buoy -n "$msg" -a move -d "move it to an edge, a corner, the centre, the config's position, an output, or x y (logical px)"
complete -c buoy -n "$msg" -a tap -d "run the tap action"
complete -c buoy -n "$msg" -a double-tap -d "run the double_tap action"
complete -c buoy -n "$msg" -a long-press -d "run the long_press action"
complete -c buoy -n "$msg" -a swipe-up -d "run the swipe_up action"
complete -c buoy -n "$msg" -a swipe-down -d "run the swipe_down action"
complete -c buoy -n "$msg" -a swipe-left -d "run the swipe_left action"
complete -c buoy -n "$msg" -a swipe-right -d "run the swipe_right action"
complete -c buoy -n "$msg" -a menu -d "open the menu (at [submenu.SUBMENU]), or close it"
complete -c buoy -n "$msg" -a badge -d "show TEXT (1 to 3 characters, or •) at the button's top-right, or remove it"
complete -c buoy -n "$msg" -a mode -d "say the device is a tablet or a laptop ([visibility] mode)"
complete -c buoy -n "$msg" -a reload -d "read the config again; print its warnings or errors"
complete -c buoy -n "$msg" -a state -d "print the state as one line of JSON"
complete -c buoy -n "$msg" -a subscribe -d "print one line of JSON per event until buoy exits"
complete -c buoy -n "$msg" -a quit -d "save the places and stop buoy"
complete -c buoy -n "$msg" -a click -d "deliver that click at the next tap anywhere (drag: two taps), or disarm"
complete -c buoy -n "$msg" -a pointer -d "show or hide the pointer pad, an on-screen touchpad"
complete -c buoy -n "$msg" -l button -x -d "The button to act on" \
    -a "(buoy msg state 2>/dev/null | string match -r -a -g '\"name\":\"([^\"]*)\"')"
set -l after "__fish_seen_subcommand_from msg; and __fish_prev_arg_in"
complete -c buoy -n "$after move" -a "$places"
complete -c buoy -n "$after move" \
    -a "(buoy msg state 2>/dev/null | string match -r -a -g '\"output\":\"([^\"]*)\"')"
complete -c buoy -n "$after click" -a right -d "Right click"
complete -c buoy -n "$after click" -a middle -d "Middle click"
complete -c buoy -n "$after click" -a double -d "Double click"
complete -c buoy -n "$after click" -a drag -d "Drag"
complete -c buoy -n "$after click" -a scroll -d "Scroll"
complete -c buoy -n "$after click" -a cancel -d "Disarm"
complete -c buoy -n "$after mode" -a "$modes"

# buoy config
complete -c buoy -n "$config" -a get -d "Print a key's value, or its default"
complete -c buoy -n "$config" -a set -d "Write a key's value, checked before it is written"
complete -c buoy -n "$config" -a unset -d "Remove a key, so that its default applies"
complete -c buoy -n "$config" -a item -d "Add, remove or move a menu item"
complete -c buoy -n "$config" -a path -d "Print the file these commands change"
complete -c buoy -n "$config" -s c -l config -r -F -d "Edit this config file"
complete -c buoy -n "$config" -l button -x -d "The [[button]] to edit"
set -l verb "__fish_seen_subcommand_from config; and __fish_seen_subcommand_from"
complete -c buoy -n "$verb set" -l toml -d "VALUE is a TOML literal"
complete -c buoy -n "$verb get set unset; and __fish_prev_arg_in get set unset --toml" -a "$keys"
complete -c buoy -n "$verb item; and __fish_prev_arg_in item" -a add -d "Add a menu item"
complete -c buoy -n "$verb item; and __fish_prev_arg_in item" -a remove -d "Remove item N"
complete -c buoy -n "$verb item; and __fish_prev_arg_in item" -a move -d "Move item N to be item M"
complete -c buoy -n "$verb add" -l label -x -d "The item's label (an action or keys bring theirs)"
complete -c buoy -n "$verb add" -l command -x -d "The command line it runs"
complete -c buoy -n "$verb add" -l action -x -d "The built-in action it runs" -a "(__buoy_actions)"
complete -c buoy -n "$verb add" -l keys -x -d "The keys it sends to the focused window" -a "(__buoy_key_names)"
complete -c buoy -n "$verb add" -l icon -x -d "An icon-theme name, or a .png or .svg"
complete -c buoy -n "$verb add" -l at -x -d "Before item N"
complete -c buoy -n "$verb item" -l submenu -x -d "In [submenu.NAME], not the menu"

# buoy doctor
complete -c buoy -n "__fish_seen_subcommand_from doctor" -s c -l config -r -F -d "Read this config file"
complete -c buoy -n "__fish_seen_subcommand_from doctor" -l json -d "The report as one JSON object"
