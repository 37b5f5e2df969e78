//
//  Subscribers.swift
//  
//
//  Created by Sergej Jaskiewicz on 10.06.2019.
//

/// A namespace for types related to the `Subscriber` protocol.
public enum Subscribers {}
