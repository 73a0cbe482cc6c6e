import PostgresNIO
import Hummingbird
import Mustache
print("placeholder")
