# bash completion for buoy(1). The command and position names are
# BuoyCore's ControlCommand.names and .positions, the subcommands
# Invocation.Subcommand's, the config verbs ConfigCommand.Verb's and ItemVerb's,
# the keys ConfigCommand.completedKeys, the actions BuiltInAction.all's and the
# click types', the key names BuiltInKeys.all's (CompletionsTests holds this
# file to them).

_buoy_buttons()
{
    buoy msg state 2>/dev/null | grep -o '"name":"[^"]*"' | cut -d'"' -f4
}

# The outputs the running buoy's buttons are on, for `move OUTPUT`.
_buoy_outputs()
{
    buoy msg state 2>/dev/null | grep -o '"output":"[^"]*"' | cut -d'"' -f4 | sort -u
}

_buoy()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local options="-c --config --check --replace --print-default-config -d --debug -h --help -v --version"
    local subcommands="msg doctor config"
    local configverbs="get set unset item path"
    local itemverbs="add remove move"
    local commands="show hide toggle move tap double-tap long-press swipe-up swipe-down swipe-left swipe-right menu badge mode reload state subscribe quit click pointer"
    local places="left right top bottom top-left top-right bottom-left bottom-right center default"
    local clicktypes="right middle double drag scroll cancel"
    local modes="laptop tablet"
    local keys="button.name button.size button.position button.margin button.color button.glyph_color button.badge_color button.badge_text_color button.badge_fades button.icon button.label button.accessible_name button.shape button.corner_radius button.draggable button.removable button.opacity button.idle_opacity button.idle_delay button.fade button.dwell button.tuck button.feedback button.output snap.to snap.duration gestures.drag_threshold gestures.double_tap_window gestures.long_press_delay gestures.touch_drag_threshold gestures.touch_double_tap_window gestures.click_timeout actions.tap actions.double_tap actions.long_press actions.swipe_up actions.swipe_down actions.swipe_left actions.swipe_right actions.max_running menu.item_size menu.icon_theme menu.open_duration menu.close_duration menu.dim menu.spacing menu.row_height menu.dwell menu.font menu.layout menu.background menu.label_color menu.label_background menu.focus_color menu.edit visibility.fullscreen visibility.hide_for visibility.show_for visibility.mode pointer.width pointer.height pointer.place pointer.speed"
    local actions="volume-up volume-down mute brightness-up brightness-down screenshot screenshot-region keyboard rotate lock terminal launcher notifications close-window fullscreen workspace-next workspace-prev right-click middle-click double-click drag scroll"
    local keynames="back copy paste cut undo redo escape tab-next overview"
    local i msg=0 doctor=0 config=0 command="" verb=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        if ((msg)); then
            case ${COMP_WORDS[i]} in
                --button) ((i++)) ;;
                -*) ;;
                *) [ -z "$command" ] && command=${COMP_WORDS[i]} ;;
            esac
        elif [ "$i" -eq 1 ] && [ "${COMP_WORDS[i]}" = msg ]; then
            msg=1
        elif ((config)); then
            case ${COMP_WORDS[i]} in
                -c | --config | --button | --label | --command | --action | --keys | --icon | --at | --submenu) ((i++)) ;;
                -*) ;;
                *) verb="$verb ${COMP_WORDS[i]}" ;;
            esac
        elif [ "$i" -eq 1 ] && [ "${COMP_WORDS[i]}" = doctor ]; then
            doctor=1
        elif [ "$i" -eq 1 ] && [ "${COMP_WORDS[i]}" = config ]; then
            config=1
        fi
    done
    COMPREPLY=()
    if ((msg)); then
        if [ "$prev" = --button ]; then
            COMPREPLY=($(compgen -W "$(_buoy_buttons)" -- "$cur"))
        elif [ -z "$command" ]; then
            COMPREPLY=($(compgen -W "--button $commands" -- "$cur"))
        elif [ "$command" = move ] && [ "$prev" = move ]; then
            COMPREPLY=($(compgen -W "$places $(_buoy_outputs)" -- "$cur"))
        elif [ "$command" = click ] && [ "$prev" = click ]; then
            COMPREPLY=($(compgen -W "$clicktypes" -- "$cur"))
        elif [ "$command" = mode ] && [ "$prev" = mode ]; then
            COMPREPLY=($(compgen -W "$modes" -- "$cur"))
        fi
        return 0
    fi
    case $prev in
        -c | --config)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return 0
            ;;
    esac
    if ((config)); then
        case $verb in
            "") COMPREPLY=($(compgen -W "-c --config --button $configverbs" -- "$cur")) ;;
            " set") COMPREPLY=($(compgen -W "--toml --button $keys" -- "$cur")) ;;
            " get" | " unset") COMPREPLY=($(compgen -W "--button $keys" -- "$cur")) ;;
            " item") COMPREPLY=($(compgen -W "$itemverbs" -- "$cur")) ;;
            " item add"*)
                case $prev in
                    --action) COMPREPLY=($(compgen -W "$actions" -- "$cur")) ;;
                    --keys) COMPREPLY=($(compgen -W "$keynames" -- "$cur")) ;;
                    --label | --command | --icon | --at | --submenu | --button) ;;
                    *) COMPREPLY=($(compgen -W "--label --command --action --keys --icon --at --submenu --button" -- "$cur")) ;;
                esac
                ;;
            " item "*) COMPREPLY=($(compgen -W "--submenu --button" -- "$cur")) ;;
        esac
    elif ((doctor)); then
        COMPREPLY=($(compgen -W "-c --config --json" -- "$cur"))
    elif [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$subcommands $options" -- "$cur"))
    else
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    fi
    return 0
}

complete -F _buoy buoy
