import BuoyArtist
import Glibc

exit(Helper.run(CommandLine.arguments))
